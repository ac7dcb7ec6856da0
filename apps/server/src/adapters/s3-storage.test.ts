import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3Server, startS3Server } from "../../../../tests/fakes/s3-server";
import { createS3Storage } from "./s3-storage";

let fake: FakeS3Server;
let dir: string;
const BUCKET = "media-test";

const storageOf = (options: { bucket?: string } = {}) =>
  createS3Storage({
    bucket: options.bucket ?? BUCKET,
    endpoint: fake.url,
    region: "eu-west-1",
    accessKeyId: "test-key",
    secretAccessKey: "test-secret",
    forcePathStyle: true,
  });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

beforeAll(async () => {
  fake = await startS3Server({ buckets: [BUCKET] });
  dir = mkdtempSync(join(tmpdir(), "smm-s3-"));
});

afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the S3 storage", () => {
  it("keeps a file under its key and gives the same bytes back", async () => {
    const storage = storageOf();
    const bytes = new Uint8Array(randomBytes(3000));
    await storage.put("user-1/brand-1/photo.png", bytes, "image/png");
    expect(await storage.get("user-1/brand-1/photo.png")).toEqual(bytes);
    expect(await storage.size?.("user-1/brand-1/photo.png")).toBe(3000);
    expect(fake.buckets.get(BUCKET)?.get("user-1/brand-1/photo.png")?.contentType).toBe("image/png");
    expect(storage.kind).toBe("s3");
    expect(storage.localPath).toBeUndefined();
  });

  it("answers null for a key it does not hold, and deleting one is no error", async () => {
    const storage = storageOf();
    expect(await storage.get("nobody/nothing.png")).toBeNull();
    expect(await storage.size?.("nobody/nothing.png")).toBeNull();
    expect(await storage.readRange?.("nobody/nothing.png", 0, 9)).toBeNull();
    await expect(storage.delete("nobody/nothing.png")).resolves.toBeUndefined();

    await storage.put("user-1/gone.png", new Uint8Array([1, 2, 3]), "image/png");
    await storage.delete("user-1/gone.png");
    expect(await storage.get("user-1/gone.png")).toBeNull();
  });

  it("reads a range of a file, as a video player asks for it", async () => {
    const storage = storageOf();
    const bytes = new Uint8Array(randomBytes(100_000));
    await storage.put("user-1/clip.mp4", bytes, "video/mp4");
    const middle = await storage.readRange?.("user-1/clip.mp4", 1000, 1999);
    expect(middle).toBeTruthy();
    expect(await readAll(middle as ReadableStream<Uint8Array>)).toEqual(bytes.subarray(1000, 2000));
    const tail = await storage.readRange?.("user-1/clip.mp4", 99_990, 99_999);
    expect(await readAll(tail as ReadableStream<Uint8Array>)).toEqual(bytes.subarray(99_990));
    const ranged = fake.requests.filter((r) => r.action === "GetObject" && r.key === "user-1/clip.mp4");
    expect(ranged.length).toBe(2);
  });

  it("lists the keys under a prefix across many pages", async () => {
    const storage = storageOf();
    const keys = Array.from(
      { length: 1205 },
      (_, i) => `user-2/brand/file-${String(i).padStart(4, "0")}.png`,
    );
    const bucket = fake.buckets.get(BUCKET);
    // Put straight into the fake: 1,205 PutObject round trips would only slow the test.
    for (const key of keys)
      bucket?.set(key, {
        bytes: new Uint8Array([1]),
        contentType: "image/png",
        etag: '"x"',
        lastModified: new Date(),
      });
    await storage.put("user-2/other.png", new Uint8Array([1]), "image/png");
    const before = fake.requests.filter((r) => r.action === "ListObjectsV2").length;
    const listed = await storage.list?.("user-2/brand/");
    expect(listed?.sort()).toEqual(keys);
    expect(fake.requests.filter((r) => r.action === "ListObjectsV2").length - before).toBe(2);
    expect(await storage.list?.("user-2/brand/file-0001.png.")).toEqual([]);
  });

  it("uploads a large file in parts from disk, and takes the file as a move would", async () => {
    const storage = storageOf();
    const bytes = new Uint8Array(randomBytes(11 * 1024 * 1024));
    const path = join(dir, "large.mp4");
    writeFileSync(path, bytes);
    await storage.putFile?.("user-3/brand/large.mp4", path, "video/mp4");
    const parts = fake.requests.filter(
      (r) => r.action === "UploadPart" && r.key === "user-3/brand/large.mp4",
    );
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(fake.requests.some((r) => r.action === "CompleteMultipartUpload")).toBe(true);
    expect(fake.openUploads()).toBe(0);
    expect(await storage.size?.("user-3/brand/large.mp4")).toBe(bytes.length);
    const stored = fake.buckets.get(BUCKET)?.get("user-3/brand/large.mp4");
    expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(stored?.contentType).toBe("video/mp4");
    expect(existsSync(path)).toBe(false);
  });

  it("uploads a small file from disk in one request", async () => {
    const storage = storageOf();
    const path = join(dir, "small.webm");
    writeFileSync(path, new Uint8Array([5, 6, 7]));
    await storage.putFile?.("user-3/brand/small.webm", path, "video/webm");
    expect(await storage.get("user-3/brand/small.webm")).toEqual(new Uint8Array([5, 6, 7]));
  });

  it("refuses a key that climbs out of its place, and reports a missing bucket", async () => {
    const storage = storageOf();
    await expect(storage.put("../escape.png", new Uint8Array([1]), "image/png")).rejects.toThrow(
      /not allowed/,
    );
    await expect(storageOf({ bucket: "no-such-bucket" }).get("a/b.png")).rejects.toThrow();
  });

  it("is refused by the server without credentials (the fake wants an Authorization header)", async () => {
    const response = await fetch(`${fake.url}/${BUCKET}/user-1/brand-1/photo.png`);
    expect(response.status).toBe(403);
  });
});
