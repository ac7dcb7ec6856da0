import { warnExpiringConnections } from "@smm/domain/connections";
import type { Deps } from "@smm/domain/context";
import type { Db } from "@smm/domain/db";
import type { Billing, JobQueue } from "@smm/domain/ports";
import PgBoss from "pg-boss";
import type { Logger } from "../lib/logger";
import { CLEANUP_CRON, CLEANUP_QUEUE, runCleanup } from "./cleanup";
import {
  ACCOUNT_DELETION_CRON,
  ACCOUNT_DELETION_QUEUE,
  ACCOUNT_DELETION_QUEUE_OPTIONS,
  runAccountDeletions,
} from "./delete-accounts";
import { createGenerationQueues, LEGACY_RECOVER_QUEUE, startGenerationWorkers } from "./generate-posts";
import { type RunningInstance, startServerInstance } from "./instance";
import { INBOX_POLL_CRON, INBOX_POLL_QUEUE, INBOX_POLL_QUEUE_OPTIONS, runInboxPoll } from "./poll-inboxes";
import {
  LEGACY_PUBLISH_QUEUE,
  PUBLISH_CRON,
  PUBLISH_QUEUE,
  PUBLISH_QUEUE_OPTIONS,
  runPublishPosts,
} from "./publish-posts";
import { type PublishWatcher, startPublishWatcher } from "./publish-watcher";
import {
  runSchedulingAgents,
  SCHEDULING_AGENT_CRON,
  SCHEDULING_AGENT_QUEUE,
  SCHEDULING_AGENT_QUEUE_OPTIONS,
} from "./scheduling-agent";

export interface Jobs {
  boss: PgBoss;
  /** Where use cases queue background work; null when started without the use cases' deps. */
  queue: JobQueue | null;
  /** This process in server_instances: the owner recorded on the runs it starts. */
  instance: RunningInstance;
  /** Stops taking work and waits for running handlers (up to the timeout). */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * pg-boss on the app's own database: jobs survive restarts and any instance may run them. On top of it,
 * this process registers as a server instance (jobs/instance.ts) so that work it holds when it dies -
 * a generation, a publish attempt - is taken over at once by the next instance to boot or by any running
 * one within a heartbeat, rather than when a job expires or a run has been silent for minutes.
 */
export async function startJobs(options: {
  connectionString: string;
  db: Db;
  logger: Logger;
  /** The use cases' dependencies (minus the queue this builds), for jobs that act for users. */
  deps?: Omit<Deps, "jobs">;
  /** Cancels a paying subscription when the deletion job finishes an account's deletion. */
  billing?: Billing;
  /** Renews channel tokens that end within a week, where their network can (networks/setup.ts). */
  renewExpiringTokens?: () => Promise<number>;
  /** Network calls one publish run has in flight at once (PUBLISH_CONCURRENCY). */
  publishConcurrency?: number;
}): Promise<Jobs> {
  const { logger } = options;
  // Work started here (boot and take-over sweeps) that stop() waits for.
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work
      .catch((error: Error) => logger.error("background sweep failed", { error: error.message }))
      .finally(() => running.delete(tracked));
    running.add(tracked);
  };
  let stopping = false;
  let takeOver: () => void = () => {};
  const instance = await startServerInstance({
    connectionString: options.connectionString,
    logger,
    onOthersGone: () => {
      if (!stopping) takeOver();
    },
  });

  const boss = new PgBoss({ connectionString: options.connectionString, max: 4, schema: "pgboss" });
  boss.on("error", (error) => logger.error("job queue error", { error }));
  // Instances booting together on a new database would deadlock creating the same queues: one at a time.
  await instance.exclusively(async () => {
    await boss.start();
    await removeLegacyQueues(boss, logger);
    await boss.createQueue(CLEANUP_QUEUE);
    await boss.schedule(CLEANUP_QUEUE, CLEANUP_CRON, {}, { tz: "UTC" });
    if (!options.deps) return;
    await createGenerationQueues(boss);
    await boss.createQueue(PUBLISH_QUEUE, { name: PUBLISH_QUEUE, ...PUBLISH_QUEUE_OPTIONS });
    await boss.schedule(PUBLISH_QUEUE, PUBLISH_CRON, {}, { tz: "UTC" });
    await boss.createQueue(SCHEDULING_AGENT_QUEUE, {
      name: SCHEDULING_AGENT_QUEUE,
      ...SCHEDULING_AGENT_QUEUE_OPTIONS,
    });
    await boss.schedule(SCHEDULING_AGENT_QUEUE, SCHEDULING_AGENT_CRON, {}, { tz: "UTC" });
    await boss.createQueue(ACCOUNT_DELETION_QUEUE, {
      name: ACCOUNT_DELETION_QUEUE,
      ...ACCOUNT_DELETION_QUEUE_OPTIONS,
    });
    await boss.schedule(ACCOUNT_DELETION_QUEUE, ACCOUNT_DELETION_CRON, {}, { tz: "UTC" });
    await boss.createQueue(INBOX_POLL_QUEUE, { name: INBOX_POLL_QUEUE, ...INBOX_POLL_QUEUE_OPTIONS });
    await boss.schedule(INBOX_POLL_QUEUE, INBOX_POLL_CRON, {}, { tz: "UTC" });
  });
  await boss.work(CLEANUP_QUEUE, async () => {
    await runCleanup(options.db, logger);
    // Hourly too: tokens that can be renewed are (Threads), then "your LinkedIn connection expires in 7
    // days" (and 1 day) is said once for those that cannot.
    if (options.renewExpiringTokens) await options.renewExpiringTokens();
    if (options.deps) {
      const told = await warnExpiringConnections(options.deps);
      if (told > 0) logger.info("connection expiry notices sent", { told });
    }
  });

  let queue: JobQueue | null = null;
  let watcher: PublishWatcher | null = null;
  if (options.deps) {
    const generation = await startGenerationWorkers(boss, options.deps, logger, instance);
    queue = generation.queue;
    await generation.ready;
    const deps: Deps = { ...options.deps, jobs: queue };
    // Every publish run of this instance goes through its watcher (posts at their second), one at a time.
    const publish = await startPublishWatcher({
      deps,
      logger,
      run: () => runPublishPosts(deps, logger, instance, options.publishConcurrency),
    });
    watcher = publish;
    await boss.work(PUBLISH_QUEUE, async () => {
      await publish.runNow();
    });
    await boss.work(INBOX_POLL_QUEUE, async () => {
      await runInboxPoll(deps, logger);
    });
    await boss.work(SCHEDULING_AGENT_QUEUE, async () => {
      await runSchedulingAgents(deps, logger);
    });
    await boss.work(ACCOUNT_DELETION_QUEUE, async () => {
      await runAccountDeletions(
        { ...deps, ...(options.billing ? { billing: options.billing } : {}) },
        logger,
      );
    });
    takeOver = () => {
      track(generation.recover());
      track(publish.runNow());
    };
    // At boot: due posts, and attempts cut off by the previous process, go out now, not at the next minute.
    track(publish.runNow());
  }

  return {
    boss,
    queue,
    instance,
    async stop(timeoutMs) {
      stopping = true;
      // No new publish run; the one in progress is waited for below with the other background work.
      if (watcher) track(watcher.stop());
      const budget = Math.max(timeoutMs, 1000);
      await boss.stop({ graceful: true, wait: true, timeout: budget });
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, budget).unref()),
      ]);
      await instance.stop();
    },
  };
}

/** The stately queues of earlier versions held every later run behind one killed run; they go. */
async function removeLegacyQueues(boss: PgBoss, logger: Logger): Promise<void> {
  for (const name of [LEGACY_PUBLISH_QUEUE, LEGACY_RECOVER_QUEUE]) {
    try {
      await boss.unschedule(name);
      // deleteQueue refuses a queue that still has jobs, and a killed run is one (active, never finished).
      await boss.getDb().executeSql("delete from pgboss.job where name = $1", [name]);
      await boss.deleteQueue(name);
    } catch (error) {
      logger.warn("legacy job queue not removed", { name, error: (error as Error).message });
    }
  }
}
