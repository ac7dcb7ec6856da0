import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Media } from "@smm/domain/db/schema";
import { readOrMakeVideoVariant, videoSourceOf } from "@smm/domain/media";
import { makeVideo } from "@smm/test-support/video-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3Server, startS3Server } from "../../../../tests/fakes/s3-server";
import { createMediaUrlSigner } from "./media-url-signer";
import { createS3Storage } from "./s3-storage";
import { createFfmpegVideoTools } from "./video-tools";

/*
 * ffprobe and ffmpeg read files on disk; a video in a bucket has no path, so the video tools download it to
 * a temporary file (streamed, never whole in memory) and remove it when done.
 */

let fake: FakeS3Server;
let dir: string;

beforeAll(async () => {
  fake = await startS3Server({ buckets: ["videos"] });
  dir = await mkdtemp(join(tmpdir(), "smm-s3-video-"));
});

afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("videos kept in a bucket", () => {
  it("are probed, framed and transcoded from a downloaded copy, and the copy is removed", async () => {
    const storage = createS3Storage({
      bucket: "videos",
      endpoint: fake.url,
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
    const workDir = join(dir, "work");
    const videos = createFfmpegVideoTools({ workDir });
    const key = "user-1/brand-1/clip.mp4";
    await storage.put(
      key,
      new Uint8Array(await readFile(await makeVideo(join(dir, "clip.mp4")))),
      "video/mp4",
    );

    // A stream to download, not the whole file's bytes in memory.
    expect(Object.keys(await videoSourceOf(storage, key))).toEqual(["read"]);
    const facts = await videos.probe(await videoSourceOf(storage, key), "mp4");
    expect(facts).toMatchObject({ width: 320, height: 240 });
    const poster = await videos.poster(await videoSourceOf(storage, key), "mp4", { atMs: 500 });
    expect(Buffer.from(poster.subarray(0, 3)).toString("hex")).toBe("ffd8ff");

    const row = {
      id: "6f1d7c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f",
      storageKey: key,
      mimeType: "video/mp4",
      width: 320,
      height: 240,
      durationMs: 2000,
    } as Media;
    const made = await readOrMakeVideoVariant(
      { storage, videos, mediaUrls: createMediaUrlSigner("x".repeat(32)), now: () => new Date() },
      row,
      { aspect: 1, maxWidth: 200, maxHeight: 200 },
    );
    expect(made.key.startsWith(`${key}.`)).toBe(true);
    expect(await storage.size(made.key)).toBe(made.byteSize);
    expect(made.byteSize).toBeGreaterThan(0);
    const copy = await mkdtemp(join(dir, "copy-"));
    const copyPath = join(copy, "variant.mp4");
    await writeFile(copyPath, (await storage.get(made.key)) as Uint8Array);
    expect(await videos.probe({ path: copyPath }, "mp4")).toMatchObject({ width: 200, height: 200 });

    // Nothing left behind in the tools' folder.
    expect(await readdir(workDir)).toEqual([]);
  }, 120_000);
});
