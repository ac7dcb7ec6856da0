import type { Deps } from "@smm/domain/context";
import { pollInboxes, settleInterruptedReplies } from "@smm/domain/inbox";
import type { Logger } from "../lib/logger";

/**
 * The inbox's minute (issue 33): comments read where they are due (polling networks, and the webhooks'
 * backstop), then replies left `sending` by a process that died settled. A plain queue like the publish
 * one: overlapping runs or instances claim each post's poll row and share each account's call budget.
 */
export const INBOX_POLL_QUEUE = "inbox-poll";
export const INBOX_POLL_CRON = "* * * * *";
export const INBOX_POLL_QUEUE_OPTIONS = {
  policy: "standard",
  // Not retried: the next minute's run does the same work.
  retryLimit: 0,
  expireInSeconds: 10 * 60,
} as const;

export async function runInboxPoll(deps: Deps, logger: Logger): Promise<void> {
  const read = await pollInboxes(deps);
  const settled = await settleInterruptedReplies(deps);
  if (read.polled || settled) logger.info("inbox polled", { ...read, settled });
}
