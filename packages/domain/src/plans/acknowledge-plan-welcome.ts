import type { UserContext } from "../context";
import { planWelcomes } from "../db/schema";
import { derivePlan, type PlanType } from "./catalogue";
import { readSubscription } from "./read-subscription";

/**
 * The upgrade welcome dialog was shown for the current paid plan: it does not open again for that plan, on
 * this device or another. Nothing to remember on free.
 */
export async function acknowledgePlanWelcome(
  ctx: UserContext,
): Promise<{ plan: PlanType; welcomePending: false }> {
  const plan = derivePlan(await readSubscription(ctx.db, ctx.userId), ctx.plans, ctx.now());
  if (plan.type !== "free")
    await ctx.db.insert(planWelcomes).values({ userId: ctx.userId, plan: plan.type }).onConflictDoNothing();
  return { plan: plan.type, welcomePending: false };
}
