import { planVideoFrame, VIDEO_VARIANT_DEFAULTS } from "@smm/domain/media";
import type { VideoContainer, VideoFacts, VideoTranscodeSpec } from "@smm/domain/ports";
import { hardenedInput } from "./video-probe";
import { type ProcessResult, runProcess, VideoProcessError, videoBinaries } from "./video-process";

export interface PosterOptions {
  atMs: number;
  /** The poster's longer side at most (default 1280). */
  maxSide?: number | undefined;
  timeoutMs: number;
  maxPixels: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

async function frameAt(path: string, container: VideoContainer, atMs: number, options: PosterOptions) {
  const side = Math.round(options.maxSide ?? 1280);
  const result = await runProcess(
    videoBinaries().ffmpeg,
    [
      "-nostdin",
      "-v",
      "error",
      // Before -i: a fast seek to the nearest keyframe, then decoded up to the moment.
      "-ss",
      seconds(atMs),
      ...hardenedInput(container, path, options.maxPixels),
      "-map",
      "0:v:0",
      "-frames:v",
      "1",
      "-an",
      "-sn",
      "-vf",
      `scale=w='min(${side},iw)':h='min(${side},ih)':force_original_aspect_ratio=decrease,format=yuvj420p`,
      "-q:v",
      "3",
      "-threads",
      "1",
      "-f",
      "image2pipe",
      "-c:v",
      "mjpeg",
      "pipe:1",
    ],
    { timeoutMs: options.timeoutMs, maxStdoutBytes: 8 * 1024 * 1024 },
  );
  return result.stdout;
}

/**
 * A JPEG of the frame shown at `atMs` (turned as the file asks), by ffmpeg in a child process with a time
 * limit. Past the last frame there is none: the first frame is taken then.
 */
export async function makePoster(
  path: string,
  container: VideoContainer,
  options: PosterOptions,
): Promise<Uint8Array> {
  let jpeg = await frameAt(path, container, Math.max(0, options.atMs), options);
  if (jpeg.byteLength === 0 && options.atMs > 0) jpeg = await frameAt(path, container, 0, options);
  if (jpeg.byteLength === 0) throw new VideoProcessError("failed", "no frame could be decoded");
  return new Uint8Array(jpeg);
}

export interface TranscodeOptions {
  timeoutMs: number;
  maxPixels: number;
  /** Encoder threads (2 on the 2-core machine). */
  threads: number;
}

/** ffmpeg's arguments for a network's copy: the filter chain is planned from the probed frame. */
export function transcodeArguments(
  input: string,
  output: string,
  container: VideoContainer,
  facts: Pick<VideoFacts, "width" | "height" | "frameRate" | "audioCodec">,
  spec: VideoTranscodeSpec,
  options: Pick<TranscodeOptions, "maxPixels" | "threads">,
): string[] {
  const frame = planVideoFrame(facts, spec);
  const maxFps = spec.maxFps ?? VIDEO_VARIANT_DEFAULTS.maxFps;
  const fps = facts.frameRate !== null && facts.frameRate > maxFps ? maxFps : (facts.frameRate ?? 30);
  const filters = [
    ...(frame.crop ? [`crop=${frame.crop.width}:${frame.crop.height}:${frame.crop.x}:${frame.crop.y}`] : []),
    `scale=${frame.width}:${frame.height}:flags=bicubic`,
    "setsar=1",
    ...(facts.frameRate !== null && facts.frameRate > maxFps ? [`fps=${maxFps}`] : []),
    "format=yuv420p",
  ];
  // A keyframe every 2 s, each GOP closed: networks cut and re-mux at keyframes.
  const gop = String(Math.max(1, Math.round(fps * 2)));
  return [
    "-nostdin",
    "-y",
    "-v",
    "error",
    ...hardenedInput(container, input, options.maxPixels),
    ...(spec.maxSeconds !== undefined ? ["-t", String(spec.maxSeconds)] : []),
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    "-sn",
    "-dn",
    // No metadata goes on (a phone's clip carries where it was filmed).
    "-map_metadata",
    "-1",
    "-vf",
    filters.join(","),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    "high",
    "-crf",
    "21",
    "-maxrate",
    "10M",
    "-bufsize",
    "20M",
    "-g",
    gop,
    "-keyint_min",
    gop,
    "-flags",
    "+cgop",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ar",
    "48000",
    "-ac",
    "2",
    "-movflags",
    "+faststart",
    "-threads",
    String(options.threads),
    "-f",
    "mp4",
    output,
  ];
}

/**
 * A network's copy of a video (H.264 High, yuv420p, closed GOP of 2 s; AAC 48 kHz stereo 128 kb/s; MP4 with
 * its index first), cropped centred to the spec's aspect, scaled down to fit, capped in frame rate and
 * length, by ffmpeg in a child process with a time limit, at a lower CPU priority than the server.
 */
export async function transcodeVideo(
  input: string,
  output: string,
  container: VideoContainer,
  facts: Pick<VideoFacts, "width" | "height" | "frameRate" | "audioCodec">,
  spec: VideoTranscodeSpec,
  options: TranscodeOptions,
): Promise<ProcessResult & { width: number; height: number }> {
  const frame = planVideoFrame(facts, spec);
  const result = await runProcess(
    videoBinaries().ffmpeg,
    transcodeArguments(input, output, container, facts, spec, options),
    { timeoutMs: options.timeoutMs, maxStdoutBytes: 1024 * 1024 },
  );
  return { ...result, width: frame.width, height: frame.height };
}
