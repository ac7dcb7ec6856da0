import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { FileStorage } from "@smm/domain/ports";

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
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export const uploadsDir = (dataDir: string): string => join(dataDir, "uploads");
