import { finishAccountDeletions } from "@smm/domain/account";
import type { UserContext } from "@smm/domain/context";
import type { Logger } from "../lib/logger";

export const ACCOUNT_DELETION_QUEUE = "account-deletion";
/** Every minute: a deletion cut off by a crash is finished soon after the next instance is up. */
export const ACCOUNT_DELETION_CRON = "* * * * *";
export const ACCOUNT_DELETION_QUEUE_OPTIONS = {
  policy: "standard",
  // Not retried: the next sweep does the same work, and a finished deletion leaves nothing to redo.
  retryLimit: 0,
  expireInSeconds: 15 * 60,
} as const;

export async function runAccountDeletions(ctx: Omit<UserContext, "userId">, logger: Logger): Promise<void> {
  const result = await finishAccountDeletions(ctx);
  if (result.finished || result.failed) logger.info("account deletions resumed", result);
}
