import type { UserContext } from "../context";
import { AppError } from "../errors";
import { derivePlan, type PlanCapabilities, planCapabilities } from "./catalogue";
import { readSubscription } from "./read-subscription";

export const API_ACCESS_REQUIRES_ENTERPRISE =
  "API keys are available on the Enterprise plan. Upgrade on the Subscription page to use the API.";

/** What a caller whose plan lacks a capability is told. */
const capabilityRefusals: Record<keyof PlanCapabilities, string> = {
  apiAccess: API_ACCESS_REQUIRES_ENTERPRISE,
};

/**
 * Refuses a caller whose plan lacks the capability (`plan_required`, 403). Only the plan's type matters
 * here, so the usage counters getPlan adds are not read on every call.
 */
export async function requirePlanCapability(
  ctx: UserContext,
  capability: keyof PlanCapabilities,
): Promise<void> {
  const plan = derivePlan(await readSubscription(ctx.db, ctx.userId), ctx.plans, ctx.now());
  if (!planCapabilities[plan.type][capability])
    throw new AppError("plan_required", capabilityRefusals[capability]);
}
