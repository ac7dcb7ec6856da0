import { readdir, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import type { S3Storage } from "./s3-storage";

export interface CopyUploadsCounts {
  /** Copied now. */
  copied: number;
  /** Already in the bucket with the same size (an earlier run's). */
  skipped: number;
  /** Could not be copied (each logged); a re-run tries them again. */
  failed: number;
}

/** The bucket's Content-Type by extension; the app serves files with the type kept in its database anyway. */
const mimeTypes: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
};

/**
 * Every stored file under `root` (the uploads folder), in key order; unfinished resumable uploads
 * (`.incoming`) and half-written files (`.partial`) are not stored files and stay behind.
 */
async function listStoredFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((key) => !key.startsWith(".incoming/"))
    .sort();
}

/**
 * Copies the local uploads folder into the bucket under the same keys (local storage's keys are paths
 * relative to the folder). Safe to run again: a file already there with the same size is skipped, so an
 * interrupted run resumes where it stopped. The local files stay.
 */
export async function copyUploadsToBucket(
  root: string,
  bucket: S3Storage,
  log: (line: string) => void = () => {},
): Promise<CopyUploadsCounts> {
  const counts: CopyUploadsCounts = { copied: 0, skipped: 0, failed: 0 };
  for (const key of await listStoredFiles(root)) {
    const path = join(root, ...key.split("/"));
    try {
      const { size } = await stat(path);
      if ((await bucket.size(key)) === size) {
        counts.skipped += 1;
        continue;
      }
      await bucket.copyFile(key, path, mimeTypes[extname(key).toLowerCase()] ?? "application/octet-stream");
      counts.copied += 1;
    } catch (error) {
      counts.failed += 1;
      log(`failed: ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return counts;
}
