import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { FileStorage } from "@smm/domain/ports";

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Files under one folder ($DATA_DIR/uploads); keys are relative paths the domain builds from ids. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(base, key);
    // Keys come from ids, but a key that climbs out of the folder must never reach the disk.
    if (!path.startsWith(base + sep)) throw new Error(`storage key outside the uploads folder: ${key}`);
    return path;
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        // An upload finished beside the stored files is moved in at no cost.
        await rename(source, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        // Another disk: copied under a temporary name, then renamed, so a reader never sees half a file.
        const partial = `${path}.${randomUUID()}.partial`;
        await copyFile(source, partial);
        await rename(partial, path);
      }
    },
    async size(key) {
      try {
        const found = await stat(pathOf(key));
        return found.isFile() ? found.size : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async readRange(key, start, end) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const stream = createReadStream(path, { start, end, highWaterMark: 256 * 1024 });
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    localPath: pathOf,
    async list(prefix) {
      const path = pathOf(prefix);
      const folder = dirname(path);
      const start = basename(path);
      try {
        const names = await readdir(folder);
        return names
          .filter((name) => name.startsWith(start) && !name.endsWith(".partial"))
          .map((name) => relative(base, join(folder, name)).split(sep).join("/"));
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
    },
  };
}

export const uploadsDir = (dataDir: string): string => join(dataDir, "uploads");

/** Unfinished resumable uploads: inside the uploads folder (one disk), apart from every stored key. */
export const incomingUploadsDir = (dataDir: string): string => join(uploadsDir(dataDir), ".incoming");
