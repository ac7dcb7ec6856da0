import type { Transferable, Worker } from "node:worker_threads";

/**
 * A small pool of worker threads for CPU work that must not run on the event loop, with a bounded queue
 * and a time limit per job.
 *
 * A job over its time limit is answered at once (the caller gets WorkerPoolError "timeout") and its worker
 * is terminated. Native code cannot be interrupted, though: terminate() waits until a running libvips or
 * librsvg call returns. The slot stays taken until the thread has really exited, so the pool never runs
 * more threads than its size and a runaway job cannot take more cores than that. What bounds such a job's
 * CPU is refusing costly input before it starts (svg-work.ts); the time limit bounds the caller's wait.
 */

export type WorkerPoolFailure = "timeout" | "queue_full" | "queue_timeout" | "worker_failed" | "closed";

export class WorkerPoolError extends Error {
  override readonly name = "WorkerPoolError";
  constructor(
    readonly reason: WorkerPoolFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /**
   * Starts one worker; it posts `{ ready: true }` once it has loaded what its jobs need, and answers
   * `{ id, job }` messages with `{ id, result }`.
   */
  spawn: () => Worker;
  /** Threads at most (each costs memory: a V8 isolate, plus whatever the job allocates). */
  size: number;
  /** Jobs waiting for a thread; more are refused at once. */
  maxQueue: number;
  /** How long a job may run once a thread has it. */
  jobTimeoutMs: number;
  /** How long a job may wait for a thread. */
  queueTimeoutMs: number;
  /** A thread idle this long is stopped, to give its memory back. */
  idleMs: number;
  /** Timeouts, crashes and refusals, for the log. */
  onEvent?: (event: { kind: WorkerPoolFailure | "replaced"; message: string }) => void;
}

export interface WorkerPoolStats {
  /** Threads running a job. */
  busy: number;
  /** Threads alive and waiting for one. */
  idle: number;
  /** Terminated threads still finishing native work. */
  stopping: number;
  queued: number;
}

export interface WorkerPool<Job, Result> {
  run(job: Job, transfer?: readonly Transferable[]): Promise<Result>;
  stats(): WorkerPoolStats;
  /** Refuses new and queued jobs and stops every thread. */
  close(): Promise<void>;
}

/** How long a new thread may take to load before its first job fails (the job's own limit starts after). */
const BOOT_LIMIT_MS = 30_000;

interface Pending<Result> {
  id: number;
  job: unknown;
  transfer: readonly Transferable[];
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | null;
}

interface Slot<Result> {
  worker: Worker | null;
  running: Pending<Result> | null;
  /** Terminated (timed out, crashed or idle) and not yet exited: unusable until it has. */
  stopping: boolean;
  /** When a timed-out job's thread was terminated: how long native work outlived the limit, for the log. */
  timedOutAt: number | null;
  idleTimer: NodeJS.Timeout | null;
}

export function createWorkerPool<Job, Result>(options: WorkerPoolOptions): WorkerPool<Job, Result> {
  const slots: Slot<Result>[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    worker: null,
    running: null,
    stopping: false,
    timedOutAt: null,
    idleTimer: null,
  }));
  const queue: Pending<Result>[] = [];
  let nextId = 1;
  let closed = false;
  const exits = new Set<Promise<void>>();

  const report = (kind: WorkerPoolFailure | "replaced", message: string) =>
    options.onEvent?.({ kind, message });

  function settle(pending: Pending<Result>) {
    if (pending.timer) clearTimeout(pending.timer);
    pending.timer = null;
  }

  /** Terminates the slot's thread; the slot is free again once the thread has exited (see onExit). */
  function retire(slot: Slot<Result>) {
    if (!slot.worker || slot.stopping) return;
    slot.stopping = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    // Still referenced while it finishes, so shutdown waits for native work rather than tearing it down.
    void slot.worker.terminate().catch(() => {});
  }

  function fail(slot: Slot<Result>, error: WorkerPoolError) {
    const pending = slot.running;
    slot.running = null;
    if (pending) {
      settle(pending);
      pending.reject(error);
    }
  }

  function spawn(slot: Slot<Result>): Worker {
    const worker = options.spawn();
    const exited = new Promise<void>((resolve) => {
      worker.once("exit", (code) => {
        if (slot.worker === worker) {
          if (slot.timedOutAt !== null)
            report(
              "replaced",
              `a timed-out worker exited ${Math.round(performance.now() - slot.timedOutAt)} ms after terminate()`,
            );
          slot.timedOutAt = null;
          fail(slot, new WorkerPoolError("worker_failed", `image worker exited with code ${code}`));
          slot.worker = null;
          slot.stopping = false;
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          slot.idleTimer = null;
        }
        resolve();
        dispatch();
      });
    });
    exits.add(exited);
    void exited.then(() => exits.delete(exited));
    worker.on("error", (error) => {
      // An uncaught exception or a heap over resourceLimits: that job fails; 'exit' follows and frees the slot.
      report("worker_failed", error.message);
      fail(slot, new WorkerPoolError("worker_failed", `image worker failed: ${error.message}`));
      slot.stopping = true;
    });
    worker.on("message", (message: { id: number; result: Result }) => {
      const pending = slot.running;
      if (!pending || pending.id !== message.id) return;
      settle(pending);
      slot.running = null;
      pending.resolve(message.result);
      park(slot);
      dispatch();
    });
    return worker;
  }

  /** An idle thread must not keep the process alive, and is stopped after a while to give memory back. */
  function park(slot: Slot<Result>) {
    slot.worker?.unref();
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (!slot.running) retire(slot);
    }, options.idleMs);
    slot.idleTimer.unref();
  }

  function start(slot: Slot<Result>, pending: Pending<Result>) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const fresh = !slot.worker;
    if (!slot.worker) slot.worker = spawn(slot);
    const worker = slot.worker;
    worker.ref();
    slot.running = pending;
    settle(pending);
    const armTimer = () => {
      if (slot.running !== pending) return;
      pending.timer = setTimeout(() => {
        if (slot.running !== pending) return;
        report("timeout", `job ${pending.id} over ${options.jobTimeoutMs} ms; replacing its worker`);
        fail(slot, new WorkerPoolError("timeout", `image work took over ${options.jobTimeoutMs} ms`));
        slot.timedOutAt = performance.now();
        retire(slot);
      }, options.jobTimeoutMs);
    };
    // The limit is on the work, not on booting a thread and loading its modules (sharp, libvips): on a busy
    // machine that can take longer than a job is allowed, and failing the job would punish the user for our
    // cold start. A thread that never gets ready is bounded by BOOT_LIMIT_MS instead.
    if (fresh) {
      const onReady = (message: { ready?: boolean }) => {
        if (!message?.ready) return;
        worker.off("message", onReady);
        if (slot.running !== pending) return;
        settle(pending);
        armTimer();
      };
      worker.on("message", onReady);
      // Held as the job's timer, so a job that ends before the thread is ready (a crash) clears it too.
      pending.timer = setTimeout(() => {
        worker.off("message", onReady);
        if (slot.running !== pending) return;
        report("worker_failed", `a new worker was not ready after ${BOOT_LIMIT_MS} ms`);
        fail(slot, new WorkerPoolError("worker_failed", "image worker did not start"));
        retire(slot);
      }, BOOT_LIMIT_MS);
    } else armTimer();
    try {
      worker.postMessage({ id: pending.id, job: pending.job }, pending.transfer);
    } catch (error) {
      fail(slot, new WorkerPoolError("worker_failed", `could not send the job: ${(error as Error).message}`));
      park(slot);
    }
  }

  function dispatch() {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.running || slot.stopping) continue;
      start(slot, queue.shift() as Pending<Result>);
    }
  }

  return {
    run(job, transfer = []) {
      if (closed) return Promise.reject(new WorkerPoolError("closed", "image work has stopped"));
      if (queue.length >= options.maxQueue) {
        report("queue_full", `${queue.length} jobs waiting`);
        return Promise.reject(new WorkerPoolError("queue_full", "too much image work waiting"));
      }
      return new Promise<Result>((resolve, reject) => {
        const pending: Pending<Result> = { id: nextId++, job, transfer, resolve, reject, timer: null };
        pending.timer = setTimeout(() => {
          const index = queue.indexOf(pending);
          if (index === -1) return;
          queue.splice(index, 1);
          report("queue_timeout", `job ${pending.id} waited over ${options.queueTimeoutMs} ms`);
          reject(new WorkerPoolError("queue_timeout", `image work waited over ${options.queueTimeoutMs} ms`));
        }, options.queueTimeoutMs);
        queue.push(pending);
        dispatch();
      });
    },
    stats() {
      return {
        busy: slots.filter((slot) => slot.running).length,
        idle: slots.filter((slot) => slot.worker && !slot.running && !slot.stopping).length,
        stopping: slots.filter((slot) => slot.stopping).length,
        queued: queue.length,
      };
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) {
        settle(pending);
        pending.reject(new WorkerPoolError("closed", "image work has stopped"));
      }
      for (const slot of slots) {
        fail(slot, new WorkerPoolError("closed", "image work has stopped"));
        retire(slot);
      }
      await Promise.all([...exits]);
    },
  };
}
