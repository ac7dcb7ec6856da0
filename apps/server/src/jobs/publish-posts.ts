import type { Deps } from "@smm/domain/context";
import { publishDuePosts, settleFirstComments } from "@smm/domain/posts";
import type { Logger } from "../lib/logger";

/**
 * A plain queue: a run killed mid-way stays "active" in pg-boss until it expires, and must not hold back
 * the next minute's run (the "stately" queue this replaces did, for 15 minutes). Runs may overlap; each
 * post is claimed on its row, so it goes out once whichever run gets it.
 */
export const PUBLISH_QUEUE = "publish-due-posts";
/** The stately queue of earlier versions: its schedule and its stuck runs are removed at start. */
export const LEGACY_PUBLISH_QUEUE = "publish-posts";
/**
 * Every minute: the backstop. Posts go out at their second through each instance's watcher
 * (publish-watcher.ts); this sweep catches what a watcher missed and attempts cut off by a crash.
 */
export const PUBLISH_CRON = "* * * * *";
export const PUBLISH_QUEUE_OPTIONS = {
  policy: "standard",
  // Not retried: the next minute's run does the same work.
  retryLimit: 0,
  expireInSeconds: 10 * 60,
} as const;

export async function runPublishPosts(
  deps: Deps,
  logger: Logger,
  instance: { id: number; staleAfterMs: number },
  concurrency?: number,
): Promise<{ published: number; failed: number }> {
  const result = await publishDuePosts(deps, {
    instanceId: instance.id,
    staleAfterMs: instance.staleAfterMs,
    ...(concurrency ? { concurrency } : {}),
  });
  if (result.published || result.failed) logger.info("due posts published", result);
  // First comments a crash left unsent or cut off: after the posts, as they follow them.
  const settled = await settleFirstComments(deps);
  if (settled) logger.info("first comments settled", { settled });
  return result;
}
