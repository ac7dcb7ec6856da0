import type { UserContext } from "../context";
import { AppError } from "../errors";
import { derivePlan } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";
import { requireBilling } from "./billing-account";
import { NO_SUBSCRIPTION } from "./messages";
import type { SubscriptionState } from "./views";

export type { SubscriptionState };

/**
 * Sets or clears cancel-at-period-end on the caller's paid subscription. The provider's event updates the
 * read model (at once with the local checkout, a moment later with Stripe); the answer says what was asked.
 */
export async function changeCancellation(
  ctx: UserContext,
  cancelAtPeriodEnd: boolean,
): Promise<SubscriptionState> {
  const billing = requireBilling(ctx);
  const subscription = await readSubscription(ctx.db, ctx.userId);
  const plan = derivePlan(subscription, ctx.plans, ctx.now());
  if (plan.type === "free" || !subscription?.subscriptionId) throw new AppError("conflict", NO_SUBSCRIPTION);
  if (plan.cancelAtPeriodEnd !== cancelAtPeriodEnd)
    await billing.setCancelAtPeriodEnd(subscription.subscriptionId, cancelAtPeriodEnd);
  return {
    plan: plan.type,
    cancelAtPeriodEnd,
    currentPeriodEnd: plan.currentPeriodEnd?.toISOString() ?? null,
  };
}
