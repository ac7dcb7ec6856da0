import type { Deps } from "@smm/domain/context";
import { recoverStalledGenerations } from "@smm/domain/generation/recover-generations";
import { runPostGeneration } from "@smm/domain/generation/run-post-generation";
import type { JobQueue } from "@smm/domain/ports";
import type PgBoss from "pg-boss";
import type { Logger } from "../lib/logger";

export const GENERATE_QUEUE = "generate-post";
export const RECOVER_QUEUE = "recover-generations";
export const RECOVER_CRON = "* * * * *";

/** Workers per instance and jobs each takes at a time: generation is mostly waiting on a model. */
const WORKERS = 4;
const BATCH_SIZE = 5;

interface GenerateJob {
  postId: string;
}

/**
 * The generation queue on pg-boss. A job survives restarts; if a run dies with its instance, pg-boss retries
 * it after it expires and the recovery sweep re-queues the post sooner (the pipeline is idempotent).
 */
export async function startGenerationWorkers(
  boss: PgBoss,
  deps: Omit<Deps, "jobs">,
  logger: Logger,
): Promise<{ queue: JobQueue; ready: Promise<void> }> {
  const workerIds: string[] = [];
  const queue: JobQueue = {
    async enqueuePostGeneration(postId) {
      await boss.send(GENERATE_QUEUE, { postId } satisfies GenerateJob, {
        retryLimit: 2,
        retryDelay: 5,
        expireInSeconds: 300,
      });
      // Skip the polling interval: this instance starts on it now if it has a free worker.
      for (const id of workerIds) boss.notifyWorker(id);
    },
  };
  const withQueue: Deps = { ...deps, jobs: queue };

  const ready = (async () => {
    await boss.createQueue(GENERATE_QUEUE);
    for (let i = 0; i < WORKERS; i++) {
      workerIds.push(
        await boss.work<GenerateJob>(
          GENERATE_QUEUE,
          { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5 },
          async (jobs) => {
            await Promise.all(
              jobs.map(async (job) => {
                const outcome = await runPostGeneration(withQueue, job.data.postId);
                if (outcome === "failed") logger.warn("post generation failed", { postId: job.data.postId });
              }),
            );
          },
        ),
      );
    }
    await boss.createQueue(RECOVER_QUEUE, { name: RECOVER_QUEUE, policy: "stately" });
    await boss.schedule(RECOVER_QUEUE, RECOVER_CRON, {}, { tz: "UTC" });
    await boss.work(RECOVER_QUEUE, async () => {
      await runRecovery(withQueue, logger);
    });
    // At boot: posts cut off by the previous stop are picked up now, not a minute later.
    await runRecovery(withQueue, logger);
  })();
  return { queue, ready };
}

async function runRecovery(deps: Deps, logger: Logger): Promise<void> {
  const result = await recoverStalledGenerations(deps);
  if (result.requeued || result.failed) logger.info("stalled generations recovered", result);
}
