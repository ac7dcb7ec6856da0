import type { Deps } from "@smm/domain/context";
import { recoverStalledGenerations, runPostGeneration } from "@smm/domain/generation";
import type { JobQueue } from "@smm/domain/ports";
import type PgBoss from "pg-boss";
import type { Logger } from "../lib/logger";

export const GENERATE_QUEUE = "generate-post";
/** A plain queue (the "stately" one of earlier versions waited out a killed run); sweeps may overlap. */
export const RECOVER_QUEUE = "recover-generation-runs";
/** The stately queue of earlier versions: its schedule and its stuck runs are removed at start. */
export const LEGACY_RECOVER_QUEUE = "recover-generations";
export const RECOVER_CRON = "* * * * *";
export const RECOVER_QUEUE_OPTIONS = { policy: "standard", retryLimit: 0, expireInSeconds: 5 * 60 } as const;

/** Workers per instance and jobs each takes at a time: generation is mostly waiting on a model. */
const WORKERS = 4;
const BATCH_SIZE = 5;

interface GenerateJob {
  postId: string;
}

/** The instance the runs belong to (its id may change if it ever has to register again). */
export interface RunOwner {
  readonly id: number;
  readonly staleAfterMs: number;
}

/** Queues the generation pipeline of a post; the one way a generation job is sent. */
export async function sendGenerationJob(boss: PgBoss, postId: string): Promise<void> {
  await boss.send(GENERATE_QUEUE, { postId } satisfies GenerateJob, {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 300,
  });
}

/** The queues and the schedule of generation (created while no other instance creates its own). */
export async function createGenerationQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(GENERATE_QUEUE);
  await boss.createQueue(RECOVER_QUEUE, { name: RECOVER_QUEUE, ...RECOVER_QUEUE_OPTIONS });
  await boss.schedule(RECOVER_QUEUE, RECOVER_CRON, {}, { tz: "UTC" });
}

/**
 * The generation queue on pg-boss (its queues made by createGenerationQueues). A job survives restarts. Each run records the instance running it, so
 * when that process dies the recovery sweep (at boot, every minute, and as soon as another instance sees it
 * gone) queues the post again at once; the pipeline is idempotent.
 */
export async function startGenerationWorkers(
  boss: PgBoss,
  deps: Omit<Deps, "jobs">,
  logger: Logger,
  owner: RunOwner,
): Promise<{ queue: JobQueue; ready: Promise<void>; recover: () => Promise<void> }> {
  const workerIds: string[] = [];
  const queue: JobQueue = {
    async enqueuePostGeneration(postId) {
      await sendGenerationJob(boss, postId);
      // Skip the polling interval: this instance starts on it now if it has a free worker.
      for (const id of workerIds) boss.notifyWorker(id);
    },
  };
  const withQueue: Deps = { ...deps, jobs: queue };
  const recover = () => runRecovery(withQueue, logger, owner);

  const ready = (async () => {
    for (let i = 0; i < WORKERS; i++) {
      workerIds.push(
        await boss.work<GenerateJob>(
          GENERATE_QUEUE,
          { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5 },
          async (jobs) => {
            await Promise.all(
              jobs.map(async (job) => {
                const startedAt = performance.now();
                const outcome = await runPostGeneration(withQueue, job.data.postId, { owner: owner.id });
                const seconds = (performance.now() - startedAt) / 1000;
                deps.observe?.generationFinished?.({ outcome, seconds });
                if (outcome === "failed") logger.warn("post generation failed", { postId: job.data.postId });
              }),
            );
          },
        ),
      );
    }
    await boss.work(RECOVER_QUEUE, recover);
    // At boot: runs cut off by the previous process (a stop, a crash) are picked up now.
    await recover();
  })();
  return { queue, ready, recover };
}

async function runRecovery(deps: Deps, logger: Logger, owner: RunOwner): Promise<void> {
  const result = await recoverStalledGenerations(deps, { staleAfterMs: owner.staleAfterMs });
  if (result.requeued || result.failed) logger.info("stalled generations recovered", result);
}
