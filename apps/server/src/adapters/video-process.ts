import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { execPath } from "node:process";

/**
 * ffprobe and ffmpeg as child processes, started by a small runner process of their own (below): never on
 * the server's event loop, each with a time limit (killed with SIGKILL when over it), bounded output, a lower
 * CPU priority than the server (so requests keep their latency while videos are read or transcoded), and a
 * bounded number running at once (Slots).
 */

export class VideoProcessError extends Error {
  override readonly name = "VideoProcessError";
  constructor(
    readonly reason: "timeout" | "failed" | "output_too_large" | "queue_full",
    message: string,
    readonly stderr = "",
  ) {
    super(message);
  }
}

const require = createRequire(import.meta.url);
let binaries: { ffmpeg: string; ffprobe: string } | undefined;

/** The binaries the npm packages ship (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe), found on first use. */
export function videoBinaries(): { ffmpeg: string; ffprobe: string } {
  binaries ??= {
    ffmpeg: (require("@ffmpeg-installer/ffmpeg") as { path: string }).path,
    ffprobe: (require("@ffprobe-installer/ffprobe") as { path: string }).path,
  };
  return binaries;
}

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
  /** Peak resident memory of the child, from /proc while it ran (sampled; 0 where /proc is absent). */
  peakRssBytes: number;
  wallMs: number;
}

export interface RunOptions {
  timeoutMs: number;
  /** stdout beyond this is refused (the process is killed). */
  maxStdoutBytes?: number;
  /** Niceness added to the child (0-19); default 10. */
  nice?: number;
  signal?: AbortSignal;
}

/**
 * The runner: a small Node process of its own that starts ffprobe and ffmpeg for the server. Starting a
 * child blocks the process that starts it until the child has exec'd (libuv waits to report a missing
 * binary), which on the loaded 2-core machine was 40-190 ms of the server's event loop per video check; a
 * worker thread still stalled it 40-90 ms (fork copies the whole process's page tables). The runner pays that
 * instead, for about 40 MB. It enforces each job's time limit (SIGKILL), bounds its output, lowers its CPU
 * priority, samples its peak memory, and kills its children and exits when the server goes.
 */
const RUNNER_SOURCE = `
const { spawn } = require("node:child_process");
const { readFileSync } = require("node:fs");
const { setPriority } = require("node:os");
const running = new Map();
const STDERR_KEEP = ${8 * 1024};
function rss(pid) {
  try {
    const match = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync("/proc/" + pid + "/status", "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch { return 0; }
}
function send(message) { if (process.connected) process.send(message); }
function run(job) {
  const started = Date.now();
  let child;
  try {
    child = spawn(job.binary, job.args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
  } catch (error) {
    return send({ id: job.id, ok: false, reason: "failed", message: String(error), stderr: "" });
  }
  let settled = false, peak = 0, stdoutBytes = 0, stderr = "";
  const stdout = [];
  const sample = () => { if (child.pid) peak = Math.max(peak, rss(child.pid)); };
  const sampler = setInterval(sample, 100);
  const finish = (reason, message) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    clearInterval(sampler);
    running.delete(job.id);
    if (reason) {
      child.kill("SIGKILL");
      send({ id: job.id, ok: false, reason, message, stderr });
    } else
      send({ id: job.id, ok: true, stdout: Buffer.concat(stdout), stderr, peakRssBytes: peak, wallMs: Date.now() - started });
  };
  const timer = setTimeout(() => finish("timeout", job.binary + " ran over its " + job.timeoutMs + " ms limit"), job.timeoutMs);
  job.cancel = () => finish("failed", "aborted");
  running.set(job.id, { kill: (signal) => (job.cancel(), child.kill(signal)) });
  if (child.pid) try { setPriority(child.pid, job.nice); } catch {}
  child.stdout.on("data", (chunk) => {
    stdoutBytes += chunk.length;
    if (stdoutBytes > job.maxStdoutBytes) return finish("output_too_large", job.binary + " wrote too much");
    stdout.push(chunk);
  });
  child.stderr.on("data", (chunk) => { stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP); });
  child.once("error", (error) => finish("failed", error.message));
  child.once("close", (code, signal) => {
    sample();
    if (code === 0) finish(null);
    else finish("failed", job.binary + " exited with " + (code ?? signal) + ": " + stderr.trim().slice(-500));
  });
}
process.on("message", (job) => {
  if (job.cancel !== undefined) return running.get(job.cancel)?.kill("SIGKILL");
  run(job);
});
process.on("disconnect", () => {
  for (const child of running.values()) child.kill("SIGKILL");
  process.exit(0);
});
`;

interface RunnerAnswer {
  id: number;
  ok: boolean;
  reason?: "timeout" | "failed" | "output_too_large";
  message?: string;
  stdout?: Uint8Array;
  stderr: string;
  peakRssBytes?: number;
  wallMs?: number;
}

interface Waiting {
  resolve: (result: ProcessResult) => void;
  reject: (error: VideoProcessError) => void;
}

let runner: ChildProcess | null = null;
const waiting = new Map<number, Waiting>();
let nextJob = 1;

function theRunner(): ChildProcess {
  if (runner && runner.exitCode === null && runner.connected) return runner;
  const child = spawn(execPath, ["--max-old-space-size=64", "-e", RUNNER_SOURCE], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    serialization: "advanced",
  });
  child.on("message", (answer: RunnerAnswer) => {
    const job = waiting.get(answer.id);
    if (!job) return;
    waiting.delete(answer.id);
    if (answer.ok)
      job.resolve({
        stdout: Buffer.from(answer.stdout ?? new Uint8Array()),
        stderr: answer.stderr,
        peakRssBytes: answer.peakRssBytes ?? 0,
        wallMs: answer.wallMs ?? 0,
      });
    else
      job.reject(new VideoProcessError(answer.reason ?? "failed", answer.message ?? "failed", answer.stderr));
  });
  child.once("exit", () => {
    if (runner === child) runner = null;
    for (const [id, job] of waiting) {
      waiting.delete(id);
      job.reject(new VideoProcessError("failed", "the video runner stopped"));
    }
  });
  // It never keeps the server (or a test) alive on its own; a job's own timer does while it runs.
  child.unref();
  child.channel?.unref();
  runner = child;
  return child;
}

/** Runs a binary to completion in the runner; rejects with VideoProcessError on a non-zero exit, a timeout or an abort. */
export function runProcess(
  binary: string,
  args: readonly string[],
  options: RunOptions,
): Promise<ProcessResult> {
  const id = nextJob++;
  const child = theRunner();
  return new Promise<ProcessResult>((resolve, reject) => {
    // The runner kills the child at the limit; this is the server's own guarantee on top of it.
    const guard = setTimeout(() => {
      cancel();
      reject(new VideoProcessError("timeout", `${binary} ran over its ${options.timeoutMs} ms limit`));
    }, options.timeoutMs + 5_000);
    const cancel = () => {
      waiting.delete(id);
      if (child.connected) child.send({ cancel: id });
    };
    const onAbort = () => {
      clearTimeout(guard);
      cancel();
      reject(new VideoProcessError("failed", "aborted"));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      clearTimeout(guard);
      options.signal?.removeEventListener("abort", onAbort);
    };
    waiting.set(id, {
      resolve: (result) => {
        done();
        resolve(result);
      },
      reject: (error) => {
        done();
        reject(error);
      },
    });
    child.send({
      id,
      binary,
      args: [...args],
      timeoutMs: options.timeoutMs,
      maxStdoutBytes: options.maxStdoutBytes ?? 16 * 1024 * 1024,
      nice: options.nice ?? 10,
    });
  });
}

/** At most `size` holders at once; more wait in line (at most `maxQueue`, then refused at once). */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly size: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.maxQueue)
        throw new VideoProcessError(
          "queue_full",
          "too many videos are being processed; try again in a minute",
        );
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
