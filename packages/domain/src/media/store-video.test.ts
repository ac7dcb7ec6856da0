import { copyFile, mkdtemp, open, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { makeHostileVideos, makeRotated, makeVideo } from "@smm/test-support/video-fixtures";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { media } from "../db/schema";
import { AppError } from "../errors";
import type { VideoTools } from "../ports";
import { deleteMedia } from "./media";
import { openSignedMedia, readSignedMedia } from "./read-signed-media";
import { VIDEO_HEAD_BYTES } from "./sniff-video-type";
import { makeVideoPoster, storeVideo } from "./store-video";
import { readOrMakeVideoVariant, videoVariantKeyOf } from "./video-variants";

let t: DomainTestContext;
let dir: string;
let fixtures: Awaited<ReturnType<typeof makeHostileVideos>>;
const MAX_BYTES = 250 * 1024 * 1024;

beforeAll(async () => {
  t = await createDomainTestContext();
  dir = await mkdtemp(join(tmpdir(), "smm-video-"));
  fixtures = await makeHostileVideos(dir);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function brandContext(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Video Co" });
  return { ...t.as(userId), brandId: brand.id };
}

/** A finished upload of `file` (a copy: storing moves it). */
async function uploadOf(file: string, extra: { name?: string; posterAtMs?: number } = {}) {
  const path = join(dir, `upload-${crypto.randomUUID()}`);
  await copyFile(file, path);
  const handle = await open(path, "r");
  const head = new Uint8Array(VIDEO_HEAD_BYTES);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  await handle.close();
  return { path, byteSize: (await stat(path)).size, head: head.subarray(0, bytesRead), ...extra };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const signed = (ctx: BrandContext, id: string, variant?: Parameters<typeof ctx.mediaUrls.sign>[2]) => {
  const url = new URL(ctx.mediaUrls.sign(id, ctx.now(), variant).url, "http://x");
  return {
    mediaId: id,
    expires: Number(url.searchParams.get("expires")),
    signature: url.searchParams.get("signature") ?? "",
    variant: url.searchParams.get("variant") ?? undefined,
  };
};

describe("storeVideo", () => {
  it("stores a real MP4: the file, its poster, and a row with its frame, length and what the probe read", async () => {
    const ctx = await brandContext();
    const upload = await uploadOf(fixtures.real, { name: "clip.mp4" });
    const row = await storeVideo(ctx, upload, { maxBytes: MAX_BYTES });
    expect(row).toMatchObject({
      kind: "upload",
      mimeType: "video/mp4",
      width: 320,
      height: 240,
      durationMs: 2000,
      name: "clip.mp4",
      byteSize: upload.byteSize,
      brandId: ctx.brandId,
      thumbnailKey: `${row.storageKey}.poster.jpg`,
    });
    expect(row.storageKey).toBe(`${ctx.userId}/${ctx.brandId}/${row.id}.mp4`);
    expect(row.videoInfo).toEqual({
      container: "mp4",
      videoCodec: "h264",
      audioCodec: "aac",
      frameRate: 25,
      bitRate: expect.any(Number),
    });
    // Moved into storage, not copied.
    await expect(stat(upload.path)).rejects.toThrow();
    expect((await t.deps.storage.get(row.storageKey))?.byteLength).toBe(upload.byteSize);
    const poster = await t.deps.storage.get(row.thumbnailKey as string);
    expect(await sharp(poster as Uint8Array).metadata()).toMatchObject({
      format: "jpeg",
      width: 320,
      height: 240,
    });
  });

  it("keeps the given id, reads WebM, and turns a phone's upright clip", async () => {
    const ctx = await brandContext();
    const webm = await makeVideo(join(dir, "clip.webm"), { container: "webm" });
    const id = crypto.randomUUID();
    const row = await storeVideo(ctx, { ...(await uploadOf(webm)), id }, { maxBytes: MAX_BYTES });
    expect(row).toMatchObject({ id, mimeType: "video/webm", width: 320, height: 240 });
    expect(row.videoInfo).toMatchObject({ container: "webm", videoCodec: "vp8", audioCodec: "vorbis" });

    const upright = await makeRotated(fixtures.real, join(dir, "upright.mp4"));
    const turned = await storeVideo(ctx, await uploadOf(upright), { maxBytes: MAX_BYTES });
    expect(turned).toMatchObject({ width: 240, height: 320 });
    const poster = await t.deps.storage.get(turned.thumbnailKey as string);
    expect(await sharp(poster as Uint8Array).metadata()).toMatchObject({ width: 240, height: 320 });
  });

  it("refuses the hostile set quickly, each with a clear message, storing nothing", async () => {
    const ctx = await brandContext();
    const cases: [string, RegExp][] = [
      [fixtures.text, /^This file is not a video we can read\. Upload an MP4, MOV or WebM video\.$/],
      [fixtures.truncated, /^This video could not be read: it seems cut short or damaged/],
      [fixtures.truncatedFaststart, /^This video could not be read: it seems cut short or damaged/],
      [fixtures.twentyMinutes, /^This video is 20 min long; videos can be at most 15 min\.$/],
      [
        fixtures.hugeFrame,
        /^This video's frame is 8192 x 8192 pixels; videos can be at most 4096 pixels on a side/,
      ],
    ];
    for (const [file, message] of cases) {
      const started = performance.now();
      const error = await refusal(storeVideo(ctx, await uploadOf(file), { maxBytes: MAX_BYTES }));
      const ms = performance.now() - started;
      expect({ file, reason: error.reason, message: error.message }).toEqual({
        file,
        reason: "video_invalid",
        message: expect.stringMatching(message),
      });
      expect(ms, `${file} took ${ms} ms`).toBeLessThan(3000);
    }
    const declared = await refusal(
      storeVideo(
        ctx,
        { ...(await uploadOf(fixtures.real)), byteSize: 4 * 1024 ** 3 },
        { maxBytes: MAX_BYTES },
      ),
    );
    expect(declared.message).toBe("Videos can be at most 250 MB.");
    const rows = await t.database.db.select().from(media).where(eq(media.brandId, ctx.brandId));
    expect(rows).toEqual([]);
  });

  it("kills a probe over its time limit instead of waiting for it", async () => {
    const ctx = await brandContext();
    const slow: VideoTools = {
      ...t.deps.videos,
      probe: () => new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 50)),
    };
    const error = await refusal(
      storeVideo({ ...ctx, videos: slow }, await uploadOf(fixtures.real), { maxBytes: MAX_BYTES }),
    );
    expect(error.reason).toBe("video_invalid");
  });
});

describe("posters, copies and links", () => {
  it("makes the poster again at a chosen moment and serves it with an ETag", async () => {
    const ctx = await brandContext();
    const row = await storeVideo(ctx, await uploadOf(fixtures.real), { maxBytes: MAX_BYTES });
    const first = await openSignedMedia(t.deps, signed(ctx, row.id, "poster"));
    expect(first).toMatchObject({ mimeType: "image/jpeg", immutable: false });
    const chosen = await makeVideoPoster(ctx, row.id, 1900);
    expect(chosen.atMs).toBe(1900);
    expect(chosen.url).toContain("variant=poster");
    const again = await openSignedMedia(t.deps, signed(ctx, row.id, "poster"));
    expect(again.etag).not.toBe(first.etag);
    // Past the end: the last moment.
    expect((await makeVideoPoster(ctx, row.id, 60_000)).atMs).toBe(1999);
    // Another brand's video is not found; an image has no poster.
    const other = await brandContext();
    expect((await refusal(makeVideoPoster(other, row.id, 0))).reason).toBe("not_found");
  });

  it("serves a video in ranges, transcodes a network's copy once, and deletes every file with the row", async () => {
    const ctx = await brandContext();
    const row = await storeVideo(ctx, await uploadOf(fixtures.real), { maxBytes: MAX_BYTES });
    const file = await openSignedMedia(t.deps, signed(ctx, row.id));
    expect(file).toMatchObject({ mimeType: "video/mp4", size: row.byteSize, immutable: true });
    const part = await file.read(0, 11);
    const head = Buffer.from(await new Response(part as ReadableStream<Uint8Array>).arrayBuffer());
    expect(head.byteLength).toBe(12);
    expect(head.subarray(4, 8).toString("latin1")).toBe("ftyp");

    let transcodes = 0;
    const transcode: VideoTools["transcode"] = (...args) => {
      transcodes += 1;
      return t.deps.videos.transcode(...args);
    };
    const counting = { ...t.deps, videos: { ...t.deps.videos, transcode } };
    const spec = { aspect: 9 / 16, maxSeconds: 1, maxFps: 15 };
    const [copy, same] = await Promise.all([
      readOrMakeVideoVariant(counting, row, spec),
      readOrMakeVideoVariant(counting, row, spec),
    ]);
    expect(transcodes).toBe(1);
    expect(same.key).toBe(copy.key);
    expect(copy).toMatchObject({ mimeType: "video/mp4", width: 134, height: 240, durationMs: 1000 });
    expect(copy.key).toBe(videoVariantKeyOf(row, copy.variant));
    await readOrMakeVideoVariant(counting, row, spec);
    expect(transcodes).toBe(1);
    const facts = await t.deps.videos.probe({ path: t.deps.storage.localPath?.(copy.key) as string }, "mp4");
    expect(facts).toMatchObject({
      videoCodec: "h264",
      audioCodec: "aac",
      width: 134,
      height: 240,
      frameRate: 15,
    });
    expect(facts?.durationMs).toBeGreaterThanOrEqual(990);
    expect(facts?.durationMs).toBeLessThanOrEqual(1100);
    const served = await readSignedMedia(t.deps, signed(ctx, row.id, copy.variant));
    expect(served.mimeType).toBe("video/mp4");
    // faststart: the index (moov) before the media data (mdat).
    const text = Buffer.from(served.bytes).toString("latin1");
    expect(text.indexOf("moov")).toBeLessThan(text.indexOf("mdat"));

    await deleteMedia(t.deps, row);
    for (const key of [row.storageKey, row.thumbnailKey as string, copy.key])
      expect(await t.deps.storage.get(key), key).toBeNull();
  });
});
