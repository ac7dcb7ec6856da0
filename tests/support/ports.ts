import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Deps } from "@smm/domain/context";
import { runPostGeneration } from "@smm/domain/generation";
import type { JobQueue } from "@smm/domain/ports";
import { createLocalStorage } from "../../apps/server/src/adapters/local-storage";
import { createMediaUrlSigner } from "../../apps/server/src/adapters/media-url-signer";
import { createOfflineImageGenerator } from "../../apps/server/src/adapters/offline-images";
import {
  createSafeWebFetcher,
  type SafeWebFetcherOptions,
} from "../../apps/server/src/adapters/safe-web-fetcher";
import { createSharpImageProcessor } from "../../apps/server/src/adapters/sharp-imaging";
import { createFfmpegVideoTools } from "../../apps/server/src/adapters/video-tools";

export const TEST_MEDIA_SECRET = "test-media-secret-0123456789abcdef";

/** The real media adapters on a throwaway uploads folder. */
export function createTestMediaPorts(): Pick<
  Deps,
  "images" | "imaging" | "videos" | "storage" | "mediaUrls"
> & {
  uploadsDir: string;
  removeUploads(): void;
} {
  const uploadsDir = mkdtempSync(join(tmpdir(), "smm-uploads-"));
  return {
    uploadsDir,
    images: createOfflineImageGenerator(),
    imaging: createSharpImageProcessor(),
    // ffprobe/ffmpeg for real (they start only when a video is touched); temporary files in the same folder.
    videos: createFfmpegVideoTools({ workDir: join(uploadsDir, ".work") }),
    storage: createLocalStorage(uploadsDir),
    mediaUrls: createMediaUrlSigner(TEST_MEDIA_SECRET),
    removeUploads: () => rmSync(uploadsDir, { recursive: true, force: true }),
  };
}

/**
 * The job queue of tests: it records what was queued and either runs the pipeline right away in the
 * background (like the server's workers) or waits for `runQueued()`.
 */
export interface TestJobQueue extends JobQueue {
  enqueued: string[];
  /** Runs everything queued and not yet run; returns when those runs (and any they queue) are done. */
  runQueued(): Promise<void>;
  /** Forgets what is queued and not yet run (a job lost with a crashed server). */
  discardQueued(): void;
  /** Waits for the background runs started so far. */
  settled(): Promise<void>;
}

export function createTestJobQueue(getDeps: () => Deps, options: { auto: boolean }): TestJobQueue {
  const enqueued: string[] = [];
  const pending: string[] = [];
  const running = new Set<Promise<unknown>>();
  const start = (postId: string) => {
    const run = runPostGeneration(getDeps(), postId).finally(() => running.delete(run));
    running.add(run);
  };
  return {
    enqueued,
    async enqueuePostGeneration(postId) {
      enqueued.push(postId);
      if (options.auto) setImmediate(() => start(postId));
      else pending.push(postId);
    },
    async runQueued() {
      while (pending.length > 0) {
        const postId = pending.shift() as string;
        await runPostGeneration(getDeps(), postId);
      }
    },
    discardQueued() {
      pending.length = 0;
    },
    async settled() {
      // Runs may be scheduled on the next tick; let them start before waiting.
      await new Promise((resolve) => setImmediate(resolve));
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/**
 * The real, SSRF-guarded web fetcher. `allowAddress` is the test-only allowance that lets a test reach its
 * fixture server on loopback (give it the fixture's exact address and port); without it every local address
 * is refused, exactly as in production.
 */
export function createTestWebFetcher(options: SafeWebFetcherOptions = {}): Deps["web"] {
  return createSafeWebFetcher(options);
}

/** An allowance for exactly one local server (host and port), e.g. a fixture site on 127.0.0.1. */
export const allowOnly =
  (host: string, port: number) =>
  (address: string, p: number): boolean =>
    address === host && p === port;
