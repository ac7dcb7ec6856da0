import { eq } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext, Deps } from "../context";
import { type Media, media } from "../db/schema";
import { AppError } from "../errors";
import type { SignedUrl, VideoContainer } from "../ports";
import { mediaView, requireBrandMedia, toMediaView } from "./media";
import { variantKeyOf } from "./media-variants";
import { sniffVideoType, videoExtensionFor, videoMimeTypes } from "./sniff-video-type";
import { checkVideoByteSize, checkVideoFacts, VIDEO_NOT_A_VIDEO } from "./video-checks";
import { requireVideoContainer, videoSourceOf } from "./video-variants";

/** A stored file as an upload's answer shows it: the media view, and a video's length and poster frame. */
export const uploadedMediaView = mediaView
  .extend({
    durationMs: z.number().int().nullable().meta({ description: "A video's length; null for an image." }),
    posterUrl: z
      .string()
      .nullable()
      .meta({ description: "A signed link to a video's poster frame (a JPEG); null for an image." }),
  })
  .meta({ id: "UploadedMedia", description: "A stored image or video with signed links." });
export type UploadedMediaView = z.infer<typeof uploadedMediaView>;

export function toUploadedMediaView(deps: Pick<Deps, "mediaUrls" | "now">, row: Media): UploadedMediaView {
  const video = row.thumbnailKey !== null;
  return {
    ...toMediaView(deps, row),
    durationMs: row.durationMs,
    posterUrl: video ? deps.mediaUrls.sign(row.id, deps.now(), "poster").url : null,
  };
}

/** A finished upload of a video, on this machine's disk. */
export interface FinishedVideoUpload {
  /** Where the file is; it is moved into storage (or copied, then left for the caller to remove). */
  path: string;
  byteSize: number;
  /** Its first bytes (VIDEO_HEAD_BYTES), to read its type from. */
  head: Uint8Array;
  /** The file's name as the user knows it. */
  name?: string | null | undefined;
  /** The id the row takes (a resumable upload's own id); absent: a new one. */
  id?: string | undefined;
  /** The moment the poster frame is taken from; absent: 1 s in (or the middle of a shorter video). */
  posterAtMs?: number | undefined;
}

export interface VideoUploadLimits {
  /** MAX_VIDEO_MB. */
  maxBytes: number;
  /** Absent: VIDEO_LIMITS.maxDurationMs (15 minutes). */
  maxDurationMs?: number | undefined;
}

/** Where the poster frame is taken when nobody chose: 1 s in, past a fade from black, or halfway. */
export const defaultPosterMs = (durationMs: number): number =>
  Math.max(0, Math.min(1000, Math.floor(durationMs / 2)));

/** The moment asked for, within the video (the last moment of a video shorter than it). */
const posterMoment = (atMs: number, durationMs: number | null): number =>
  Math.max(0, Math.min(Math.floor(atMs), durationMs === null ? atMs : Math.max(0, durationMs - 1)));

/**
 * Stores a finished video upload for a brand: its type read from its first bytes (MP4, MOV or WebM; a text
 * file renamed .mp4 is refused), then probed by ffprobe (time-limited, in a child process) and held to the
 * limits (VIDEO_LIMITS, the configured size), then its poster frame made. Only then are the poster and the
 * file stored and the row written (kind "upload", with its frame size, length, what the probe read and the
 * poster's key). Every refusal is video_invalid with a message that says what to do; nothing is stored then.
 */
export async function storeVideo(
  ctx: Pick<BrandContext, "db" | "storage" | "videos" | "userId" | "brandId">,
  upload: FinishedVideoUpload,
  limits: VideoUploadLimits,
): Promise<Media> {
  checkVideoByteSize(upload.byteSize, limits.maxBytes);
  const container = sniffVideoType(upload.head);
  if (!container) throw new AppError("video_invalid", VIDEO_NOT_A_VIDEO);
  const source = { path: upload.path };
  const facts = await ctx.videos.probe(source, container).catch(() => null);
  checkVideoFacts(facts, container, { maxDurationMs: limits.maxDurationMs });
  const atMs = posterMoment(upload.posterAtMs ?? defaultPosterMs(facts.durationMs), facts.durationMs);
  const poster = await makePosterBytes(ctx, source, container, atMs);

  const putFile = ctx.storage.putFile?.bind(ctx.storage);
  if (!putFile) throw new Error("this storage cannot keep videos (no putFile)");
  const id = upload.id ?? crypto.randomUUID();
  const mimeType = videoMimeTypes[container];
  const storageKey = `${ctx.userId}/${ctx.brandId}/${id}.${videoExtensionFor[container]}`;
  const thumbnailKey = variantKeyOf({ storageKey }, "poster");
  await ctx.storage.put(thumbnailKey, poster, "image/jpeg");
  try {
    await putFile(storageKey, upload.path, mimeType);
    const [row] = await ctx.db
      .insert(media)
      .values({
        id,
        userId: ctx.userId,
        brandId: ctx.brandId,
        kind: "upload",
        storageKey,
        mimeType,
        byteSize: upload.byteSize,
        width: facts.width,
        height: facts.height,
        name: upload.name ?? null,
        durationMs: Math.round(facts.durationMs),
        videoInfo: {
          container,
          videoCodec: facts.videoCodec,
          audioCodec: facts.audioCodec,
          frameRate: facts.frameRate,
          bitRate: facts.bitRate,
        },
        thumbnailKey,
      })
      .returning();
    if (!row) throw new Error("media insert returned nothing");
    return row;
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => {});
    await ctx.storage.delete(thumbnailKey).catch(() => {});
    throw error;
  }
}

async function makePosterBytes(
  ctx: Pick<Deps, "videos">,
  source: Parameters<Deps["videos"]["poster"]>[0],
  container: VideoContainer,
  atMs: number,
): Promise<Uint8Array> {
  try {
    return await ctx.videos.poster(source, container, { atMs });
  } catch {
    // The probe read it, but no frame decodes: the stream is damaged past its header.
    throw new AppError(
      "video_invalid",
      "No picture could be read from this video. Export it again and upload it once more.",
    );
  }
}

/**
 * The brand's video's poster frame taken again at `atMs` (the composer's cover choice): made from the
 * stored file, stored as the video's poster (every link to it shows the new frame; the link answers with
 * an ETag, so browsers ask again rather than keep the old one) and answered as a fresh signed link.
 */
export async function makeVideoPoster(
  ctx: BrandContext,
  mediaId: string,
  atMs: number,
): Promise<SignedUrl & { atMs: number }> {
  if (!Number.isFinite(atMs) || atMs < 0)
    throw new AppError("invalid_input", "The cover frame's moment must be 0 ms or later.");
  const row = await requireBrandMedia(ctx, mediaId);
  const container = requireVideoContainer(row);
  const moment = posterMoment(atMs, row.durationMs);
  const poster = await makePosterBytes(
    ctx,
    await videoSourceOf(ctx.storage, row.storageKey),
    container,
    moment,
  );
  const thumbnailKey = row.thumbnailKey ?? variantKeyOf(row, "poster");
  await ctx.storage.put(thumbnailKey, poster, "image/jpeg");
  if (row.thumbnailKey !== thumbnailKey)
    await ctx.db.update(media).set({ thumbnailKey }).where(eq(media.id, row.id));
  return { ...ctx.mediaUrls.sign(row.id, ctx.now(), "poster"), atMs: moment };
}
