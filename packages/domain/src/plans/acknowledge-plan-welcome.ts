import type { UserContext } from "../context";
import { planWelcomes } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { derivePlan } from "./catalogue";
import { readSubscription } from "./read-subscription";
import { type PlanWelcomeSeen, planWelcomeSeenView } from "./views";

/**
 * The upgrade welcome dialog was shown for the current paid plan: it does not open again for that plan, on
 * this device or another. Nothing to remember on free.
 */
export async function acknowledgePlanWelcome(ctx: UserContext): Promise<PlanWelcomeSeen> {
  const plan = derivePlan(await readSubscription(ctx.db, ctx.userId), ctx.plans, ctx.now());
  if (plan.type !== "free")
    await ctx.db.insert(planWelcomes).values({ userId: ctx.userId, plan: plan.type }).onConflictDoNothing();
  return { plan: plan.type, welcomePending: false };
}

export const acknowledgePlanWelcomeUseCase = declareUseCase({
  name: "acknowledgePlanWelcome",
  description: "Mark the upgrade welcome of the current paid plan as seen, so it does not open again.",
  scope: "user",
  input: noInput,
  output: planWelcomeSeenView,
  run: acknowledgePlanWelcome,
});
