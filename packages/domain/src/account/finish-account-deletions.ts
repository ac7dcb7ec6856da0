import { and, eq, isNotNull } from "drizzle-orm";
import type { UserContext } from "../context";
import { dataDeletionRequests, user } from "../db/schema";
import { eraseAccount } from "./erase-account";

/**
 * The deletion job: every account whose deletion was recorded ('processing') but did not finish (the
 * process died, storage or billing failed) is deleted again from where it stopped. A deletion that
 * finished leaves no such record, so running this again changes nothing.
 */
export async function finishAccountDeletions(
  ctx: Omit<UserContext, "userId">,
): Promise<{ finished: number; failed: number }> {
  const pending = await ctx.db
    .selectDistinct({ userId: dataDeletionRequests.userId })
    .from(dataDeletionRequests)
    .innerJoin(user, eq(user.id, dataDeletionRequests.userId))
    .where(and(eq(dataDeletionRequests.status, "processing"), isNotNull(dataDeletionRequests.userId)));
  let finished = 0;
  let failed = 0;
  for (const { userId } of pending) {
    if (!userId) continue;
    try {
      await eraseAccount({ ...ctx, userId });
      finished++;
    } catch {
      // Left recorded: the next run tries again.
      failed++;
    }
  }
  return { finished, failed };
}
