import type { UserContext } from "../context";
import { changeCancellation, type SubscriptionState } from "./change-cancellation";

/** Keep My Subscription: a cancellation not yet in effect is withdrawn (cancel_at_period_end false). */
export async function reactivateSubscription(ctx: UserContext): Promise<SubscriptionState> {
  return changeCancellation(ctx, false);
}
