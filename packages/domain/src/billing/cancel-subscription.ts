import type { UserContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { changeCancellation, type SubscriptionState } from "./change-cancellation";
import { subscriptionStateView } from "./views";

/** Cancel Subscription: the paid plan stays until the period's end, then the user is on free. */
export async function cancelSubscription(ctx: UserContext): Promise<SubscriptionState> {
  return changeCancellation(ctx, true);
}

export const cancelSubscriptionUseCase = declareUseCase({
  name: "cancelSubscription",
  description:
    "Cancel the paid subscription at the end of the billing period (the plan stays until then). Ask the user to confirm first.",
  scope: "user",
  input: noInput,
  output: subscriptionStateView,
  run: cancelSubscription,
});
