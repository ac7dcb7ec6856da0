import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3Server, startS3Server } from "../../../../tests/fakes/s3-server";
import { copyUploadsToBucket } from "./copy-uploads-to-bucket";
import { createS3Storage } from "./s3-storage";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
let fake: FakeS3Server;
let dataDir: string;

const write = (key: string, bytes: Uint8Array) => {
  const path = join(dataDir, "uploads", ...key.split("/"));
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, bytes);
};

beforeAll(async () => {
  fake = await startS3Server({ buckets: ["copy-test", "script-test"] });
  dataDir = mkdtempSync(join(tmpdir(), "smm-migrate-"));
  write("user-1/brand-1/a.png", new Uint8Array([1, 2, 3]));
  write("user-1/brand-1/a.png.instagram", new Uint8Array([4, 5]));
  write("user-1/brand-2/b.mp4", new Uint8Array(1000));
  write("user-2/brand-3/c.jpg", new Uint8Array([9]));
  // Not stored files: an unfinished resumable upload and a write caught half-way.
  write(".incoming/0f0e.json", new Uint8Array([1]));
  write("user-2/brand-3/d.png.1234.partial", new Uint8Array([1]));
});

afterAll(async () => {
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedKeys = (bucket: string) => [...(fake.buckets.get(bucket)?.keys() ?? [])].sort();

describe("copying the uploads folder to the bucket", () => {
  it("copies every stored file under its key, and a second run copies only what changed", async () => {
    const bucket = createS3Storage({
      bucket: "copy-test",
      endpoint: fake.url,
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
    const root = join(dataDir, "uploads");
    expect(await copyUploadsToBucket(root, bucket)).toEqual({ copied: 4, skipped: 0, failed: 0 });
    expect(storedKeys("copy-test")).toEqual([
      "user-1/brand-1/a.png",
      "user-1/brand-1/a.png.instagram",
      "user-1/brand-2/b.mp4",
      "user-2/brand-3/c.jpg",
    ]);
    expect(await bucket.get("user-1/brand-1/a.png")).toEqual(new Uint8Array([1, 2, 3]));
    expect(fake.buckets.get("copy-test")?.get("user-1/brand-2/b.mp4")?.contentType).toBe("video/mp4");

    expect(await copyUploadsToBucket(root, bucket)).toEqual({ copied: 0, skipped: 4, failed: 0 });
    write("user-2/brand-3/c.jpg", new Uint8Array([9, 9, 9]));
    expect(await copyUploadsToBucket(root, bucket)).toEqual({ copied: 1, skipped: 3, failed: 0 });
    expect(await bucket.get("user-2/brand-3/c.jpg")).toEqual(new Uint8Array([9, 9, 9]));
  });

  it("runs as npm run storage:migrate with the S3_* settings, and says what it did", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/storage-migrate.ts"],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          S3_BUCKET: "script-test",
          S3_ENDPOINT: fake.url,
          S3_REGION: "us-east-1",
          S3_ACCESS_KEY_ID: "key",
          S3_SECRET_ACCESS_KEY: "secret",
          S3_FORCE_PATH_STYLE: "true",
        },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/copied 4, already there 0, failed 0/);
    expect(storedKeys("script-test")).toHaveLength(4);
  }, 90_000);
});
