import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { VIDEO_LIMITS } from "@smm/domain/media";
import type { VideoContainer, VideoSource, VideoTools } from "@smm/domain/ports";
import type { Logger } from "../lib/logger";
import { probeVideo } from "./video-probe";
import { Slots } from "./video-process";
import { makePoster, transcodeVideo } from "./video-transcode";

export interface VideoToolsOptions {
  /** Where temporary files go (bytes handed in, transcodes before they are kept): $DATA_DIR/tmp/video. */
  workDir: string;
  logger?: Logger;
  /** ffprobe's time limit: 10 s (a real video's header reads in tens of milliseconds). */
  probeTimeoutMs?: number;
  /** A poster frame's time limit: 10 s. */
  posterTimeoutMs?: number;
  /** A transcode's limit: this base plus `transcodeMsPerVideoSecond` per second of the copy. */
  transcodeBaseTimeoutMs?: number;
  transcodeMsPerVideoSecond?: number;
  /** Probes and posters at once (default: the cores); transcodes at once (default 1). */
  readers?: number;
  transcoders?: number;
  /** Encoder threads per transcode (default 2). */
  threads?: number;
}

/**
 * ffprobe and ffmpeg from the npm packages that ship them, each run in a child process with a time limit,
 * a pixel limit and a lower CPU priority; probes and posters a few at a time, transcodes one at a time (the
 * 2-core machine: a second one would only share the same cores), others waiting in line.
 */
export function createFfmpegVideoTools(options: VideoToolsOptions): VideoTools {
  const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
  const posterTimeoutMs = options.posterTimeoutMs ?? 10_000;
  const baseMs = options.transcodeBaseTimeoutMs ?? 60_000;
  const perSecondMs = options.transcodeMsPerVideoSecond ?? 4_000;
  const readers = new Slots(options.readers ?? Math.max(2, availableParallelism()), 64);
  const transcoders = new Slots(options.transcoders ?? 1, 16);
  const threads = options.threads ?? 2;
  const maxPixels = VIDEO_LIMITS.maxPixels;

  /**
   * The source as a path: bytes, or a stream (a file in a remote bucket), are written to a temporary file,
   * removed when `use` is done.
   */
  async function withPath<T>(source: VideoSource, use: (path: string) => Promise<T>): Promise<T> {
    if ("path" in source) return use(source.path);
    await mkdir(options.workDir, { recursive: true });
    const path = join(options.workDir, `${randomUUID()}.input`);
    try {
      if ("bytes" in source) await writeFile(path, source.bytes);
      else
        await pipeline(
          Readable.fromWeb((await source.read()) as NodeReadableStream),
          createWriteStream(path),
        );
      return await use(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  const probe = (source: VideoSource, container: VideoContainer) =>
    readers.run(() =>
      withPath(source, (path) => probeVideo(path, container, { timeoutMs: probeTimeoutMs, maxPixels })),
    );

  return {
    probe,
    poster: (source, container, { atMs, maxSide }) =>
      readers.run(() =>
        withPath(source, (path) =>
          makePoster(path, container, { atMs, maxSide, timeoutMs: posterTimeoutMs, maxPixels }),
        ),
      ),
    transcode: (source, container, spec, keep) =>
      withPath(source, async (input) => {
        const facts = await probe({ path: input }, container);
        if (!facts) throw new Error("the stored video can no longer be read");
        const lengthSeconds = Math.min(
          (facts.durationMs ?? VIDEO_LIMITS.maxDurationMs) / 1000,
          spec.maxSeconds ?? Number.POSITIVE_INFINITY,
        );
        await mkdir(options.workDir, { recursive: true });
        const output = join(options.workDir, `${randomUUID()}.mp4`);
        try {
          const result = await transcoders.run(() =>
            transcodeVideo(input, output, container, facts, spec, {
              timeoutMs: Math.round(baseMs + perSecondMs * lengthSeconds),
              maxPixels,
              threads,
            }),
          );
          const byteSize = (await stat(output)).size;
          options.logger?.info("video transcoded", {
            ms: result.wallMs,
            peakRssMb: Math.round(result.peakRssBytes / 1048576),
            bytes: byteSize,
          });
          await keep({ path: output, byteSize });
          const durationMs =
            facts.durationMs === null
              ? null
              : Math.min(
                  facts.durationMs,
                  spec.maxSeconds === undefined ? facts.durationMs : spec.maxSeconds * 1000,
                );
          return { byteSize, width: result.width, height: result.height, durationMs };
        } finally {
          await rm(output, { force: true });
        }
      }),
  };
}
