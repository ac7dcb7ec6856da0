import { and, eq, isNotNull, lte, or, sql } from "drizzle-orm";
import type { UserContext } from "../context";
import { planWelcomes, stripeUserSubscriptions } from "../db/schema";
import { noInput } from "../no-input";
import { insertNotification, publishNotificationCreated } from "../notifications/notification";
import type { NotificationView } from "../notifications/schemas";
import { readUsage } from "../usage/read-usage";
import { declareUseCase } from "../use-case";
import {
  derivePlan,
  hasSubscriptionEnded,
  type PlanType,
  planCapabilities,
  planFeatures,
  planLimits,
  planNames,
  SUBSCRIPTION_ENDED_MESSAGE,
} from "./catalogue";
import { readSubscription } from "./read-subscription";
import { type UserPlan, userPlanView } from "./views";

export type { UserPlan };

const remaining = (max: number | null, used: number) => (max === null ? null : Math.max(0, max - used));

/**
 * Derives the plan from the subscription read model (core spec section 4, Plan) and the usage counters.
 * A cancelled subscription whose period has passed puts the user on free and, once, tells them so.
 */
export async function getPlan(ctx: UserContext): Promise<UserPlan> {
  const now = ctx.now();
  const subscription = await readSubscription(ctx.db, ctx.userId);
  if (hasSubscriptionEnded(subscription, ctx.plans, now)) await noticeSubscriptionEnded(ctx, now);
  const plan = derivePlan(subscription, ctx.plans, now);
  const usage = await readUsage(ctx.db, ctx.userId, now);
  const limits = planLimits[plan.type];
  const welcomePending = plan.type !== "free" && !(await hasSeenWelcome(ctx, plan.type));
  return {
    type: plan.type,
    name: planNames[plan.type],
    features: planFeatures[plan.type],
    capabilities: { ...planCapabilities[plan.type] },
    postsRemaining: remaining(limits.monthlyPosts, usage.monthlyPosts),
    maxPosts: limits.monthlyPosts,
    dailyPostsRemaining: remaining(limits.dailyPosts, usage.dailyPosts),
    maxDailyPosts: limits.dailyPosts,
    captionsRemaining: remaining(limits.monthlyCaptions, usage.monthlyCaptions),
    maxCaptions: limits.monthlyCaptions,
    currentPeriodEnd: plan.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    welcomePending,
  };
}

async function hasSeenWelcome(ctx: UserContext, plan: PlanType): Promise<boolean> {
  const [row] = await ctx.db
    .select({ plan: planWelcomes.plan })
    .from(planWelcomes)
    .where(and(eq(planWelcomes.userId, ctx.userId), eq(planWelcomes.plan, plan)));
  return Boolean(row);
}

/** Claims the ended period with a conditional update, so concurrent checks send the notice exactly once. */
async function noticeSubscriptionEnded(ctx: UserContext, now: Date): Promise<void> {
  const notification = await ctx.db.transaction(async (tx): Promise<NotificationView | null> => {
    const claimed = await tx
      .update(stripeUserSubscriptions)
      .set({ endNoticeSentFor: sql`${stripeUserSubscriptions.currentPeriodEnd}` })
      .where(
        and(
          eq(stripeUserSubscriptions.userId, ctx.userId),
          eq(stripeUserSubscriptions.cancelAtPeriodEnd, true),
          isNotNull(stripeUserSubscriptions.currentPeriodEnd),
          lte(stripeUserSubscriptions.currentPeriodEnd, now),
          or(
            sql`${stripeUserSubscriptions.endNoticeSentFor} is null`,
            sql`${stripeUserSubscriptions.endNoticeSentFor} <> ${stripeUserSubscriptions.currentPeriodEnd}`,
          ),
        ),
      )
      .returning({ id: stripeUserSubscriptions.id });
    if (claimed.length === 0) return null;
    return insertNotification(tx, ctx.userId, {
      message: SUBSCRIPTION_ENDED_MESSAGE,
      type: "info",
      createdAt: now,
    });
  });
  if (notification) await publishNotificationCreated(ctx, notification);
}

export const getPlanUseCase = declareUseCase({
  name: "getPlan",
  description: "The user's plan, its limits and this period's usage.",
  scope: "user",
  input: noInput,
  output: userPlanView,
  run: getPlan,
});
