import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import type { ImageFacts, ImageProcessor, StoredImageMimeType } from "@smm/domain/ports";
import type { Logger } from "../lib/logger";
import type { ImageJob, ImageJobResult, SvgRasteriseLimits } from "./image-work";
import { loadSharp } from "./lazy-sharp";
import { DEFAULT_SVG_WORK_LIMITS, type SvgWorkLimits } from "./svg-work";
import { createWorkerPool, type WorkerPool } from "./worker-pool";

const mimeByFormat: Partial<Record<string, StoredImageMimeType>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export interface SharpImageProcessorOptions {
  logger?: Logger;
  /** Image worker threads; default one less than the cores (at least 1, at most 4), so one stays for requests. */
  workers?: number;
  /** Run time per job. */
  jobTimeoutMs?: number;
  /** Waiting time per job before a thread takes it. */
  queueTimeoutMs?: number;
  /** Jobs waiting at most; more are refused at once. */
  maxQueue?: number;
  /** TESTS ONLY loosen these, to reach the time limit with a drawing the defaults would refuse. */
  svgWorkLimits?: Partial<SvgWorkLimits>;
  maxSvgOutputPixels?: number;
}

export interface SharpImageProcessor extends ImageProcessor {
  /** Stops the image workers (tests; the server's threads are unreferenced when idle). */
  close(): Promise<void>;
}

const DEFAULT_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));
// Far above a real watermark or photo at 5 MB (a few hundred ms), far below the 28 s a blur bomb took.
const DEFAULT_JOB_TIMEOUT_MS = 10_000;
// A 1024 px drawing needs 1 million; 4 million leaves room for extreme aspect ratios at 1 dpi.
const DEFAULT_MAX_SVG_OUTPUT_PIXELS = 4_194_304;
const MAX_EMBEDDED_IMAGE_PIXELS = 16_777_216;
/**
 * V8 heap per worker: the pixels live in buffers outside the heap, so the JS side stays small; a job that
 * leaks or explodes its heap kills its worker (the job fails, the pool replaces the thread), not the server.
 */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/**
 * The worker's entry: beside this module when running from source (tsx, vitest), beside the bundle when
 * running dist/main.mjs (scripts/build-server.ts emits image-worker.mjs next to it).
 */
function spawnImageWorker(): Worker {
  const options: WorkerOptions = { resourceLimits: WORKER_RESOURCE_LIMITS, name: "image-worker" };
  // Decided by what is on disk, not by this module's URL: Playwright's loader and tsx name a source module
  // differently (with or without a query), and only the bundle has the .mjs beside it.
  const bundled = new URL("./image-worker.mjs", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, options);
  // From source, the worker must load TypeScript itself: tsx's ESM hooks registered by `--import tsx` do not
  // reach worker threads on Node 20, its require hook does (the worker's imports are then CommonJS).
  const require = createRequire(import.meta.url);
  const tsx = require.resolve("tsx/cjs/api");
  const entry = fileURLToPath(new URL("./image-worker.ts", import.meta.url));
  return new Worker(`require(${JSON.stringify(tsx)}).register();require(${JSON.stringify(entry)});`, {
    ...options,
    eval: true,
  });
}

/** A copy in its own ArrayBuffer, moved (not cloned) to the worker: the caller's bytes stay untouched. */
function ownCopy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

/**
 * Pixel work with sharp (libvips). Reading an image's type and size stays here (a header read and an
 * 8 x 8 decode, in libuv's threadpool); drawing SVGs, watermarking and background removal run in a small
 * pool of worker threads with a time limit per job, and an SVG whose drawing would cost too much is
 * refused before it is drawn (see svg-work.ts, worker-pool.ts).
 */
export function createSharpImageProcessor(options: SharpImageProcessorOptions = {}): SharpImageProcessor {
  const svgLimits: SvgRasteriseLimits = {
    work: { ...DEFAULT_SVG_WORK_LIMITS, ...options.svgWorkLimits },
    maxOutputPixels: options.maxSvgOutputPixels ?? DEFAULT_MAX_SVG_OUTPUT_PIXELS,
    maxEmbeddedImagePixels: MAX_EMBEDDED_IMAGE_PIXELS,
  };
  let pool: WorkerPool<ImageJob, ImageJobResult> | null = null;

  async function run(job: ImageJob, transfer: ArrayBuffer[]): Promise<Uint8Array> {
    if (!pool) {
      // On glibc, sharp must be loaded in the main thread before any worker loads it, or its shared
      // libraries can be unloaded under a running worker when another exits (sharp's worker-thread notes).
      await loadSharp();
      pool ??= createWorkerPool<ImageJob, ImageJobResult>({
        spawn: spawnImageWorker,
        size: options.workers ?? DEFAULT_WORKERS,
        maxQueue: options.maxQueue ?? 16,
        jobTimeoutMs: options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS,
        queueTimeoutMs: options.queueTimeoutMs ?? 2 * (options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS),
        idleMs: 60_000,
        onEvent: (event) => options.logger?.warn("image worker pool", { ...event }),
      });
    }
    const result = await pool.run(job, transfer).catch((error: Error) => {
      options.logger?.warn("image work failed", { op: job.op, error: error.message });
      throw error;
    });
    if (!result.ok) {
      if (result.refused) options.logger?.warn("image refused", { op: job.op, reason: result.message });
      throw new Error(result.message);
    }
    return result.bytes;
  }

  return {
    async probe(bytes) {
      const sharp = await loadSharp();
      try {
        const meta = await sharp(bytes).metadata();
        const mimeType = mimeByFormat[meta.format];
        if (!mimeType) return null;
        // The header can be fine while the pixels are cut off; a tiny decode proves the file is whole (JPEG
        // decodes at 1/8 scale here, so it stays cheap).
        await sharp(bytes).resize(8, 8, { fit: "inside" }).raw().toBuffer();
        // The size a viewer shows: EXIF-rotated photos are stored sideways.
        const { width, height } = meta.autoOrient;
        if (!width || !height) return null;
        return { mimeType, width, height } satisfies ImageFacts;
      } catch {
        return null;
      }
    },

    async rasteriseSvg(svg, maxSide) {
      if (!Number.isInteger(maxSide) || maxSide < 1) throw new Error(`invalid maxSide ${maxSide}`);
      const copy = ownCopy(svg);
      return run({ op: "rasteriseSvg", svg: copy, maxSide, limits: svgLimits }, [copy.buffer]);
    },

    async applyWatermark(image, watermark, placement) {
      const [imageCopy, markCopy] = [ownCopy(image), ownCopy(watermark)];
      return run({ op: "applyWatermark", image: imageCopy, watermark: markCopy, placement }, [
        imageCopy.buffer,
        markCopy.buffer,
      ]);
    },

    async removeBackground(image, { threshold, targetColor }) {
      const copy = ownCopy(image);
      return run({ op: "removeBackground", image: copy, threshold, targetColor }, [copy.buffer]);
    },

    async fitForInstagram(image) {
      const copy = ownCopy(image);
      return run({ op: "fitForInstagram", image: copy }, [copy.buffer]);
    },

    async close() {
      await pool?.close();
      pool = null;
    },
  };
}
