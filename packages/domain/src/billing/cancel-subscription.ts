import type { UserContext } from "../context";
import { changeCancellation, type SubscriptionState } from "./change-cancellation";

/** Cancel Subscription: the paid plan stays until the period's end, then the user is on free. */
export async function cancelSubscription(ctx: UserContext): Promise<SubscriptionState> {
  return changeCancellation(ctx, true);
}
