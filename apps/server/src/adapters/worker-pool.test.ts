import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWorkerPool, type WorkerPool, WorkerPoolError, type WorkerPoolOptions } from "./worker-pool";

/**
 * A worker answering `{ spinMs }` jobs: it busies its thread that long (a stand-in for pixel work), then
 * answers with its thread id; `{ crash: true }` makes it exit, `{ throw: true }` throws uncaught.
 */
const FAKE_WORKER = `
const { parentPort, threadId } = require("node:worker_threads");
parentPort.on("message", ({ id, job }) => {
  if (job.crash) process.exit(3);
  if (job.throw) throw new Error("boom");
  const until = Date.now() + (job.spinMs ?? 0);
  while (Date.now() < until) {}
  parentPort.postMessage({ id, result: { threadId, echo: job.echo } });
});
parentPort.postMessage({ ready: true });`;

interface Job {
  spinMs?: number;
  echo?: string;
  crash?: boolean;
  throw?: boolean;
}
type Result = { threadId: number; echo?: string };

let pool: WorkerPool<Job, Result> | null = null;
const events: string[] = [];
function createPool(overrides: Partial<WorkerPoolOptions> = {}) {
  pool = createWorkerPool<Job, Result>({
    spawn: () => new Worker(FAKE_WORKER, { eval: true }),
    size: 1,
    maxQueue: 4,
    jobTimeoutMs: 5_000,
    queueTimeoutMs: 5_000,
    idleMs: 60_000,
    onEvent: (event) => events.push(event.kind),
    ...overrides,
  });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  pool = null;
  events.length = 0;
});

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof WorkerPoolError ? error.reason : String(error)),
  );

describe("createWorkerPool", () => {
  it("runs jobs on its threads, never more at once than its size, and reuses a thread", async () => {
    const work = createPool({ size: 2 });
    const running = Promise.all(["a", "b", "c", "d"].map((echo) => work.run({ spinMs: 150, echo })));
    // Two threads for four jobs: two run, two wait their turn.
    expect(work.stats().busy + work.stats().idle).toBeLessThanOrEqual(2);
    expect(work.stats().queued).toBeGreaterThanOrEqual(2);
    const results = await running;
    expect(results.map((r) => r.echo)).toEqual(["a", "b", "c", "d"]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(work.stats()).toMatchObject({ busy: 0, idle: 2, queued: 0 });
  });

  it("answers a job over its time limit at once and replaces the thread", async () => {
    const work = createPool({ jobTimeoutMs: 200 });
    const first = await work.run({});
    // A 60 s job answered "timeout": the limit, not the job's end, answered the caller.
    expect(await reasonOf(work.run({ spinMs: 60_000 }))).toBe("timeout");
    const next = await work.run({ echo: "after" });
    expect(next.echo).toBe("after");
    expect(next.threadId).not.toBe(first.threadId);
    expect(events).toContain("timeout");
  });

  it("counts a job's time limit from its new thread being ready, not from the thread starting", async () => {
    // A thread that takes 1.5 s to load (as sharp can on a busy machine) before it says it is ready.
    const slowToLoad = `const until = Date.now() + 1500; while (Date.now() < until) {}\n${FAKE_WORKER}`;
    const work = createPool({ spawn: () => new Worker(slowToLoad, { eval: true }), jobTimeoutMs: 1_000 });
    expect(await work.run({ echo: "after loading" })).toMatchObject({ echo: "after loading" });
    expect(events).toEqual([]);
  });

  it("fails the job of a new thread that never gets ready, and carries on with a new one", async () => {
    const neverReady = FAKE_WORKER.replace("parentPort.postMessage({ ready: true });", "");
    const sources = [neverReady, FAKE_WORKER];
    const work = createPool({ spawn: () => new Worker(sources.shift() ?? FAKE_WORKER, { eval: true }) });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const stuck = reasonOf(work.run({ echo: "stuck" }));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await stuck).toBe("worker_failed");
    } finally {
      vi.useRealTimers();
    }
    expect(await work.run({ echo: "next" })).toMatchObject({ echo: "next" });
  });

  it("refuses work past the queue bound, and work that waits too long", async () => {
    const work = createPool({ maxQueue: 1, queueTimeoutMs: 100 });
    const running = work.run({ spinMs: 400 });
    const waiting = reasonOf(work.run({}));
    expect(await reasonOf(work.run({}))).toBe("queue_full");
    expect(await waiting).toBe("queue_timeout");
    await running;
  });

  it("fails the job of a thread that crashes or throws, and carries on with a new one", async () => {
    const work = createPool();
    expect(await reasonOf(work.run({ crash: true }))).toBe("worker_failed");
    expect(await reasonOf(work.run({ throw: true }))).toBe("worker_failed");
    expect((await work.run({ echo: "alive" })).echo).toBe("alive");
  });

  it("stops idle threads, and refuses everything once closed", async () => {
    const work = createPool({ idleMs: 50 });
    await work.run({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(work.stats()).toMatchObject({ busy: 0, idle: 0, stopping: 0 });
    const queued = reasonOf(work.run({ spinMs: 200 }));
    const behind = reasonOf(work.run({}));
    await work.close();
    expect(await queued).toBe("closed");
    expect(await behind).toBe("closed");
    expect(await reasonOf(work.run({}))).toBe("closed");
  });
});
