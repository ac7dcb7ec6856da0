import type { Deps } from "@smm/domain/context";
import { publishDuePosts } from "@smm/domain/posts/publish-due-posts";
import type { Logger } from "../lib/logger";

export const PUBLISH_QUEUE = "publish-posts";
/** Every minute: the finest a schedule goes, and a scheduled post is never more than a minute late. */
export const PUBLISH_CRON = "* * * * *";

export async function runPublishPosts(deps: Deps, logger: Logger): Promise<void> {
  const result = await publishDuePosts(deps);
  if (result.published || result.failed) logger.info("due posts published", result);
}
