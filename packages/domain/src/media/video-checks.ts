import { AppError } from "../errors";
import type { VideoContainer, VideoFacts } from "../ports";

/** MAX_VIDEO_MB's default: the largest video an upload may be. */
export const DEFAULT_MAX_VIDEO_BYTES = 250 * 1024 * 1024;

/**
 * What any video must be to be stored, whatever it is later posted to: at most 15 minutes (the longest any
 * network takes: Facebook's and LinkedIn's feed videos), at most 4096 pixels on a side and 16.7 million in
 * all (4K DCI; no network takes more, and decoding a larger frame is where a hostile file costs memory).
 */
export const VIDEO_LIMITS = {
  maxDurationMs: 15 * 60 * 1000,
  maxSide: 4096,
  maxPixels: 4096 * 4096,
} as const;

export const megabytesOf = (bytes: number): string => `${Math.floor(bytes / (1024 * 1024))} MB`;

export const videoTooLargeMessage = (maxBytes: number): string =>
  `Videos can be at most ${megabytesOf(maxBytes)}.`;
export const VIDEO_NOT_A_VIDEO = "This file is not a video we can read. Upload an MP4, MOV or WebM video.";
export const VIDEO_UNREADABLE =
  "This video could not be read: it seems cut short or damaged. Export it again and upload it once more.";
export const VIDEO_NO_LENGTH =
  "This video's length could not be read. Export it again and upload it once more.";

/** "20 min", "1 min 30 s", "45 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export const videoTooLongMessage = (durationMs: number, maxMs: number): string =>
  `This video is ${formatDuration(durationMs)} long; videos can be at most ${formatDuration(maxMs)}.`;

export const videoFrameTooLargeMessage = (width: number, height: number): string =>
  `This video's frame is ${width} x ${height} pixels; videos can be at most ${VIDEO_LIMITS.maxSide} pixels on a side (4K).`;

const refuse = (message: string) => new AppError("video_invalid", message);

/** The refusal of an upload declared (or found) larger than the limit, before anything is written. */
export const videoTooLarge = (maxBytes: number): AppError =>
  new AppError("payload_too_large", videoTooLargeMessage(maxBytes));

/** A finished upload over the limit (a length declared late): refused as a video we do not take. */
export function checkVideoByteSize(byteSize: number, maxBytes: number): void {
  if (byteSize > maxBytes) throw refuse(videoTooLargeMessage(maxBytes));
  if (byteSize === 0) throw refuse(VIDEO_NOT_A_VIDEO);
}

/** The demuxer ffprobe names must be the one the first bytes promised. */
function sameContainer(container: VideoContainer, formatName: string): boolean {
  const names = formatName.split(",");
  return container === "webm" ? names.includes("webm") || names.includes("matroska") : names.includes("mov");
}

/**
 * What the probe found, against the limits: a video stream of a sane frame, a length within the ceiling,
 * a file not cut short. Each refusal is video_invalid with a message saying what to do.
 */
export function checkVideoFacts(
  facts: VideoFacts | null,
  container: VideoContainer,
  limits: { maxDurationMs?: number | undefined } = {},
): asserts facts is VideoFacts & { durationMs: number } {
  if (!facts) throw refuse(VIDEO_UNREADABLE);
  if (!sameContainer(container, facts.formatName) || !facts.videoCodec) throw refuse(VIDEO_NOT_A_VIDEO);
  if (facts.truncated) throw refuse(VIDEO_UNREADABLE);
  const { width, height } = facts;
  if (!(width > 0 && height > 0)) throw refuse(VIDEO_UNREADABLE);
  if (
    width > VIDEO_LIMITS.maxSide ||
    height > VIDEO_LIMITS.maxSide ||
    width * height > VIDEO_LIMITS.maxPixels
  )
    throw refuse(videoFrameTooLargeMessage(width, height));
  if (facts.durationMs === null || !(facts.durationMs > 0)) throw refuse(VIDEO_NO_LENGTH);
  const maxMs = limits.maxDurationMs ?? VIDEO_LIMITS.maxDurationMs;
  if (facts.durationMs > maxMs) throw refuse(videoTooLongMessage(facts.durationMs, maxMs));
}
