import type { Deps } from "../context";
import type { Media } from "../db/schema";
import { AppError } from "../errors";
import type {
  FileStorage,
  VideoContainer,
  VideoSource,
  VideoTranscodeSpec,
  VideoVariantName,
} from "../ports";
import { MEDIA_NOT_FOUND } from "./schemas";
import { containerOfMimeType } from "./sniff-video-type";

/** What a spec leaves out: the largest frame any network shows, and 60 frames per second. */
export const VIDEO_VARIANT_DEFAULTS = { maxWidth: 1920, maxHeight: 1920, maxFps: 60 } as const;

const NAME = /^video-a(o|\d{1,2}(?:\.\d{1,4})?)-w(\d{2,4})-h(\d{2,4})-s(all|\d{1,4})-f(\d{1,3})$/;

const inRange = (value: number, min: number, max: number) =>
  Number.isFinite(value) && value >= min && value <= max;

/** The spec with its defaults filled in and its numbers in the form the name spells them. */
function normalise(spec: VideoTranscodeSpec) {
  return {
    aspect: spec.aspect === undefined ? undefined : Number(spec.aspect.toFixed(4)),
    maxWidth: Math.round(spec.maxWidth ?? VIDEO_VARIANT_DEFAULTS.maxWidth),
    maxHeight: Math.round(spec.maxHeight ?? VIDEO_VARIANT_DEFAULTS.maxHeight),
    maxSeconds: spec.maxSeconds === undefined ? undefined : Math.round(spec.maxSeconds),
    maxFps: Math.round(spec.maxFps ?? VIDEO_VARIANT_DEFAULTS.maxFps),
  };
}

function valid(spec: ReturnType<typeof normalise>): boolean {
  return (
    (spec.aspect === undefined || inRange(spec.aspect, 0.1, 10)) &&
    inRange(spec.maxWidth, 16, 4096) &&
    inRange(spec.maxHeight, 16, 4096) &&
    (spec.maxSeconds === undefined || inRange(spec.maxSeconds, 1, 3600)) &&
    inRange(spec.maxFps, 1, 120)
  );
}

/**
 * The variant's name, which spells its spec: `video-a0.5625-w1080-h1920-s90-f30` (aspect 9:16, at most
 * 1080 x 1920, 90 seconds, 30 fps; `ao` keeps the video's shape, `sall` its whole length). The same spec
 * always gives the same name, so the copy is made once; a signed link names it (MediaVariant).
 */
export function videoVariantName(spec: VideoTranscodeSpec): VideoVariantName {
  const s = normalise(spec);
  if (!valid(s)) throw new Error(`video variant spec out of range: ${JSON.stringify(spec)}`);
  return `video-a${s.aspect ?? "o"}-w${s.maxWidth}-h${s.maxHeight}-s${s.maxSeconds ?? "all"}-f${s.maxFps}`;
}

/** The spec a variant name spells; null for anything videoVariantName would not have written. */
export function parseVideoVariantName(name: string): VideoTranscodeSpec | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, aspect, width, height, seconds, fps] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const spec: VideoTranscodeSpec = {
    ...(aspect === "o" ? {} : { aspect: Number(aspect) }),
    maxWidth: Number(width),
    maxHeight: Number(height),
    ...(seconds === "all" ? {} : { maxSeconds: Number(seconds) }),
    maxFps: Number(fps),
  };
  if (!valid(normalise(spec))) return null;
  // One name per spec: "a0.50" and "a0.5" are not two copies.
  return videoVariantName(spec) === name ? spec : null;
}

export const isVideoVariantName = (name: string): name is VideoVariantName =>
  parseVideoVariantName(name) !== null;

/** Where a transcoded copy lives: beside the original, so deleting the original's copies finds it. */
export const videoVariantKeyOf = (row: Pick<Media, "storageKey">, name: VideoVariantName): string =>
  `${row.storageKey}.${name}.mp4`;

const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);

/**
 * The frame of a video's copy, from the frame shown (after rotation) and the spec: cropped centred to the
 * aspect, then scaled down (never up) to fit maxWidth x maxHeight, each side even (H.264 in yuv420p needs it).
 */
export function planVideoFrame(
  shown: { width: number; height: number },
  spec: VideoTranscodeSpec,
): { crop: { width: number; height: number; x: number; y: number } | null; width: number; height: number } {
  const s = normalise(spec);
  let cropWidth = shown.width;
  let cropHeight = shown.height;
  if (s.aspect !== undefined) {
    if (shown.width / shown.height > s.aspect) cropWidth = shown.height * s.aspect;
    else cropHeight = shown.width / s.aspect;
  }
  cropWidth = Math.min(shown.width, even(cropWidth));
  cropHeight = Math.min(shown.height, even(cropHeight));
  const scale = Math.min(1, s.maxWidth / cropWidth, s.maxHeight / cropHeight);
  const crop =
    s.aspect === undefined
      ? null
      : {
          width: cropWidth,
          height: cropHeight,
          x: Math.floor((shown.width - cropWidth) / 2),
          y: Math.floor((shown.height - cropHeight) / 2),
        };
  return { crop, width: even(cropWidth * scale), height: even(cropHeight * scale) };
}

/** A stored video's container (from the type it was stored with); anything else is not a video. */
export function requireVideoContainer(row: Pick<Media, "mimeType">): VideoContainer {
  const container = containerOfMimeType(row.mimeType);
  if (!container) throw new AppError("invalid_input", "This file is not a video.");
  return container;
}

/**
 * The stored file as the video tools read it: its path on local storage; on remote storage a stream of it
 * (the tools download it to a temporary file), else its bytes.
 */
export async function videoSourceOf(storage: FileStorage, key: string): Promise<VideoSource> {
  if (storage.localPath) return { path: storage.localPath(key) };
  if (storage.size && storage.readRange) {
    const size = await storage.size(key);
    if (size === null) throw new AppError("not_found", MEDIA_NOT_FOUND);
    const readRange = storage.readRange.bind(storage);
    return {
      read: async () => {
        // An empty file has no byte range to ask for.
        if (size === 0) return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
        const stream = await readRange(key, 0, size - 1);
        if (!stream) throw new AppError("not_found", MEDIA_NOT_FOUND);
        return stream;
      },
    };
  }
  const bytes = await storage.get(key);
  if (!bytes) throw new AppError("not_found", MEDIA_NOT_FOUND);
  return { bytes };
}

export interface VideoVariantFile {
  variant: VideoVariantName;
  /** The copy's storage key (read its bytes with storage.get, or its path with storage.localPath). */
  key: string;
  mimeType: "video/mp4";
  /** Null when the storage cannot tell a file's size without reading it. */
  byteSize: number | null;
  width: number;
  height: number;
  durationMs: number | null;
  /** A signed link to the copy (a network that fetches by URL: Meta's Reels, Threads). */
  url: string;
  expiresAt: Date;
}

/** Copies being made in this process, so two publishes of one video transcode it once. */
const making = new Map<string, Promise<{ byteSize: number }>>();

/**
 * The copy of a stored video made for a network (H.264 + AAC in a faststart MP4, cropped and scaled to the
 * spec), made once and kept beside the original under the spec's name; a later call, or a network fetching
 * the link again, reads the same file. The original stays as the user uploaded it.
 */
export async function readOrMakeVideoVariant(
  deps: Pick<Deps, "storage" | "videos" | "mediaUrls" | "now">,
  row: Media,
  spec: VideoTranscodeSpec,
): Promise<VideoVariantFile> {
  const container = requireVideoContainer(row);
  const variant = videoVariantName(spec);
  const key = videoVariantKeyOf(row, variant);
  const { storage } = deps;
  let byteSize = storage.size ? await storage.size(key) : null;
  const kept = storage.size ? byteSize !== null : (await storage.get(key)) !== null;
  if (!kept) {
    let made = making.get(key);
    if (!made) {
      const putFile = storage.putFile?.bind(storage);
      if (!putFile) throw new Error("this storage cannot keep videos (no putFile)");
      made = (async () => {
        const source = await videoSourceOf(storage, row.storageKey);
        return deps.videos.transcode(source, container, spec, ({ path }) => putFile(key, path, "video/mp4"));
      })().finally(() => making.delete(key));
      making.set(key, made);
    }
    byteSize = (await made).byteSize;
  }
  const frame = planVideoFrame({ width: row.width ?? 0, height: row.height ?? 0 }, spec);
  const maxMs = spec.maxSeconds === undefined ? null : spec.maxSeconds * 1000;
  const signed = deps.mediaUrls.sign(row.id, deps.now(), variant);
  return {
    variant,
    key,
    mimeType: "video/mp4",
    byteSize,
    width: frame.width,
    height: frame.height,
    durationMs:
      row.durationMs === null ? null : maxMs === null ? row.durationMs : Math.min(row.durationMs, maxMs),
    url: signed.url,
    expiresAt: signed.expiresAt,
  };
}
