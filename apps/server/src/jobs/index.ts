import type { Deps } from "@smm/domain/context";
import type { Db } from "@smm/domain/db/client";
import type { JobQueue } from "@smm/domain/ports";
import PgBoss from "pg-boss";
import type { Logger } from "../lib/logger";
import { CLEANUP_CRON, CLEANUP_QUEUE, runCleanup } from "./cleanup";
import { startGenerationWorkers } from "./generate-posts";
import { PUBLISH_CRON, PUBLISH_QUEUE, runPublishPosts } from "./publish-posts";

export interface Jobs {
  boss: PgBoss;
  /** Where use cases queue background work; null when started without the use cases' deps. */
  queue: JobQueue | null;
  /** Stops taking work and waits for running handlers (up to the timeout). */
  stop(timeoutMs: number): Promise<void>;
}

/** pg-boss on the app's own database: jobs survive restarts and any instance may run them. */
export async function startJobs(options: {
  connectionString: string;
  db: Db;
  logger: Logger;
  /** The use cases' dependencies (minus the queue this builds), for jobs that act for users. */
  deps?: Omit<Deps, "jobs">;
}): Promise<Jobs> {
  const { logger } = options;
  const boss = new PgBoss({ connectionString: options.connectionString, max: 4, schema: "pgboss" });
  boss.on("error", (error) => logger.error("job queue error", { error }));
  await boss.start();

  await boss.createQueue(CLEANUP_QUEUE);
  await boss.schedule(CLEANUP_QUEUE, CLEANUP_CRON, {}, { tz: "UTC" });
  await boss.work(CLEANUP_QUEUE, async () => {
    await runCleanup(options.db, logger);
  });

  let queue: JobQueue | null = null;
  if (options.deps) {
    const generation = await startGenerationWorkers(boss, options.deps, logger);
    queue = generation.queue;
    await generation.ready;
    const deps: Deps = { ...options.deps, jobs: queue };
    // "stately": at most one run active and one waiting across all instances, so runs never overlap.
    await boss.createQueue(PUBLISH_QUEUE, { name: PUBLISH_QUEUE, policy: "stately" });
    await boss.schedule(PUBLISH_QUEUE, PUBLISH_CRON, {}, { tz: "UTC" });
    await boss.work(PUBLISH_QUEUE, async () => {
      await runPublishPosts(deps, logger);
    });
  }

  return {
    boss,
    queue,
    async stop(timeoutMs) {
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1000) });
    },
  };
}
