import type { UserContext } from "../context";
import { AppError } from "../errors";
import { derivePlan, planCapabilities } from "./catalogue";
import { readSubscription } from "./read-subscription";

export const API_ACCESS_REQUIRES_ENTERPRISE =
  "API keys are available on the Enterprise plan. Upgrade on the Subscription page to use the API.";

/**
 * Scripts (API keys, MCP) need the plan's API access (Enterprise): creating a key and every call made with
 * one check it.
 * Only the plan's type matters here, so the usage counters getPlan adds are not read on every call.
 */
export async function requireApiAccess(ctx: UserContext): Promise<void> {
  const plan = derivePlan(await readSubscription(ctx.db, ctx.userId), ctx.plans, ctx.now());
  if (!planCapabilities[plan.type].apiAccess) throw new AppError("forbidden", API_ACCESS_REQUIRES_ENTERPRISE);
}
