import type { UserContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { changeCancellation, type SubscriptionState } from "./change-cancellation";
import { subscriptionStateView } from "./views";

/** Keep My Subscription: a cancellation not yet in effect is withdrawn (cancel_at_period_end false). */
export async function reactivateSubscription(ctx: UserContext): Promise<SubscriptionState> {
  return changeCancellation(ctx, false);
}

export const reactivateSubscriptionUseCase = declareUseCase({
  name: "reactivateSubscription",
  description: "Keep the subscription: withdraw a cancellation that has not taken effect yet.",
  scope: "user",
  input: noInput,
  output: subscriptionStateView,
  run: reactivateSubscription,
});
