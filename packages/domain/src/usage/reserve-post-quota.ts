import { sql } from "drizzle-orm";
import type { DbTransaction, UserContext } from "../context";
import { userDailyPostUsage, userPostUsage } from "../db/schema";
import { AppError } from "../errors";
import { derivePlan, type PlanType, planLimits } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";
import {
  DAILY_POST_LIMIT_MESSAGE,
  enforcedMonthlyPostLimit,
  monthlyLimitMessageFor,
  usagePeriod,
} from "./limits";

export interface PostQuotaReservation {
  plan: PlanType;
  /** The instant whose month and (UTC) day were counted. */
  reservedAt: Date;
  monthlyPostsUsed: number;
  /** null when the plan has no daily limit (the daily counter is not kept then). */
  dailyPostsUsed: number | null;
}

/**
 * Counts one post against the caller's plan, or throws quota_monthly or quota_daily with the spec's message. Call it
 * inside the transaction that creates the post: a failed creation rolls the count back, and a failed
 * reservation (thrown) rolls the creation back.
 *
 * Each counter is one conditional upsert (`... ON CONFLICT DO UPDATE ... WHERE used < limit RETURNING`):
 * PostgreSQL re-checks the condition on the latest row version after waiting for a concurrent writer, so
 * no number of simultaneous requests can push a counter past its limit.
 */
export async function reservePostQuota(tx: DbTransaction, ctx: UserContext): Promise<PostQuotaReservation> {
  const now = ctx.now();
  const plan = derivePlan(await readSubscription(tx, ctx.userId), ctx.plans, now).type;
  const { month, year, day } = usagePeriod(now);

  // Monthly first: when both limits are spent, "upgrade" is the useful message, not "try tomorrow".
  const monthlyLimit = enforcedMonthlyPostLimit(plan);
  const [monthly] = await tx
    .insert(userPostUsage)
    .values({ userId: ctx.userId, month, year, postsUsed: 1 })
    .onConflictDoUpdate({
      target: [userPostUsage.userId, userPostUsage.month, userPostUsage.year],
      set: { postsUsed: sql`${userPostUsage.postsUsed} + 1`, updatedAt: now },
      setWhere: sql`${userPostUsage.postsUsed} < ${monthlyLimit}`,
    })
    .returning({ postsUsed: userPostUsage.postsUsed });
  if (!monthly) throw new AppError("quota_monthly", monthlyLimitMessageFor(plan));

  const dailyLimit = planLimits[plan].dailyPosts;
  if (dailyLimit === null)
    return { plan, reservedAt: now, monthlyPostsUsed: monthly.postsUsed, dailyPostsUsed: null };
  const [daily] = await tx
    .insert(userDailyPostUsage)
    .values({ userId: ctx.userId, date: day, postsUsed: 1 })
    .onConflictDoUpdate({
      target: [userDailyPostUsage.userId, userDailyPostUsage.date],
      set: { postsUsed: sql`${userDailyPostUsage.postsUsed} + 1`, updatedAt: now },
      setWhere: sql`${userDailyPostUsage.postsUsed} < ${dailyLimit}`,
    })
    .returning({ postsUsed: userDailyPostUsage.postsUsed });
  if (!daily) throw new AppError("quota_daily", DAILY_POST_LIMIT_MESSAGE);
  return { plan, reservedAt: now, monthlyPostsUsed: monthly.postsUsed, dailyPostsUsed: daily.postsUsed };
}
