import { INSTANCE_HEARTBEAT_MS, INSTANCE_STALE_AFTER_MS } from "@smm/domain/instances";
import {
  openInstanceConnection,
  recordHeartbeat,
  registerServerInstance,
  releaseInstanceLock,
  removeGoneInstances,
  removeServerInstance,
  withStartupLock,
} from "@smm/infra/server-instances";
import type { Logger } from "../lib/logger";

export interface RunningInstance {
  /** This process's row in server_instances; runs it starts record it. Changes only after a re-register. */
  readonly id: number;
  readonly staleAfterMs: number;
  /** Runs start-up work while no other instance runs its own (creating job queues). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Stops the heartbeat, removes the row and lets go of the lock, so what remains is taken over at once. */
  stop(): Promise<void>;
}

/**
 * This process as a server instance: a row with a heartbeat, and an advisory lock held by a connection of
 * its own for as long as the process lives. Every heartbeat also looks for instances that are gone (no lock
 * or no heartbeat), removes their rows and calls `onOthersGone`, so their runs are taken over within one
 * heartbeat of their death instead of after minutes of silence.
 */
export async function startServerInstance(options: {
  connectionString: string;
  logger: Logger;
  onOthersGone: (ids: number[]) => void;
}): Promise<RunningInstance> {
  const { logger } = options;
  const heartbeatMs = INSTANCE_HEARTBEAT_MS;
  const staleAfterMs = INSTANCE_STALE_AFTER_MS;
  const connection = openInstanceConnection(options.connectionString);
  const { db } = connection;

  let id = await registerServerInstance(db);
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();

  const beat = async () => {
    try {
      if (!(await recordHeartbeat(db, id))) {
        // Taken for gone (frozen longer than the stale time): its runs were handed over; start afresh.
        const previous = id;
        await releaseInstanceLock(db, previous);
        id = await registerServerInstance(db);
        logger.warn("server instance was taken for gone; registered again", { previous, id });
      }
      const gone = await removeGoneInstances(db, id, { staleAfterMs });
      if (gone.length > 0 && !stopped) {
        logger.info("server instances gone; taking over their runs", { instances: gone });
        options.onOthersGone(gone);
      }
    } catch (error) {
      logger.warn("server instance heartbeat failed", { error: (error as Error).message });
    }
  };
  const timer = setInterval(() => {
    beating = beating.then(beat);
  }, heartbeatMs);
  timer.unref();
  // Rows of instances that died before this one booted go now; the boot sweep takes over their runs.
  await removeGoneInstances(db, id, { staleAfterMs });

  return {
    get id() {
      return id;
    },
    staleAfterMs,
    exclusively: (work) => withStartupLock(db, work),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      await removeServerInstance(db, id).catch((error: Error) =>
        logger.warn("server instance row not removed", { error: error.message }),
      );
      await connection.close();
    },
  };
}
