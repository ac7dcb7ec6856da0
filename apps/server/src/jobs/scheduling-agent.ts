import { runDueSchedulingAgents } from "@smm/domain/agent";
import type { Deps } from "@smm/domain/context";
import type { Logger } from "../lib/logger";

/**
 * The smart scheduling agent's sweep. A plain queue on a 5-minute schedule: each user's run is due from
 * their best posting time on, and happens once that day whichever instance's sweep reaches it (the run's
 * claim in agent_runs), so overlapping sweeps, a second instance or a restart do not double it.
 */
export const SCHEDULING_AGENT_QUEUE = "scheduling-agent";
export const SCHEDULING_AGENT_CRON = "*/5 * * * *";
export const SCHEDULING_AGENT_QUEUE_OPTIONS = {
  policy: "standard",
  // Not retried: the next sweep does the same work, and what is done is never done again.
  retryLimit: 0,
  expireInSeconds: 15 * 60,
} as const;

export async function runSchedulingAgents(deps: Deps, logger: Logger): Promise<void> {
  const runs = await runDueSchedulingAgents(deps, (userId, error) =>
    logger.error("scheduling agent failed", { userId, error: (error as Error).message }),
  );
  if (runs) logger.info("scheduling agent runs", { runs });
}
