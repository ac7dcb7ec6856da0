import { and, eq, gt, sql } from "drizzle-orm";
import type { DbExecutor } from "../context";
import type { GenerationRequest } from "../db/schema";
import { userDailyPostUsage, userPostUsage } from "../db/schema";
import { usagePeriod } from "./limits";

/**
 * Gives back what generatePost counted for a post whose generation failed for good: a post that never came
 * is not one of the plan's posts, so the Try again the spec offers can take its place (a free user's one
 * post a day included). Call it in the transaction that marks the post failed, so it happens once; the
 * counters never go below zero.
 */
export async function releasePostQuota(
  tx: DbExecutor,
  userId: string,
  quota: GenerationRequest["quota"],
  now: Date,
): Promise<void> {
  if (!quota) return;
  const { month, year, day } = usagePeriod(new Date(quota.reservedAt));
  await tx
    .update(userPostUsage)
    .set({ postsUsed: sql`${userPostUsage.postsUsed} - 1`, updatedAt: now })
    .where(
      and(
        eq(userPostUsage.userId, userId),
        eq(userPostUsage.month, month),
        eq(userPostUsage.year, year),
        gt(userPostUsage.postsUsed, 0),
      ),
    );
  if (!quota.daily) return;
  await tx
    .update(userDailyPostUsage)
    .set({ postsUsed: sql`${userDailyPostUsage.postsUsed} - 1`, updatedAt: now })
    .where(
      and(
        eq(userDailyPostUsage.userId, userId),
        eq(userDailyPostUsage.date, day),
        gt(userDailyPostUsage.postsUsed, 0),
      ),
    );
}
