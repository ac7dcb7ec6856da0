import { formatLongDate } from "../dates";

/** The subscription texts of the connections spec (section 8, Subscription; section 4, Subscription). */
export const CHECKOUT_FAILED = "Unable to start checkout process. Please try again later.";
export const PLAN_NOT_AVAILABLE = "Selected plan is not available. Please choose another plan.";
export const CANCEL_FAILED = "Failed to cancel subscription";
export const REACTIVATE_FAILED = "Failed to reactivate subscription";
export const PORTAL_FAILED = "Unable to open the billing portal. Please try again later.";
export const NO_SUBSCRIPTION = "You have no active subscription.";
export const ENTERPRISE_COMING_SOON = "Enterprise Plan Coming Soon";

/** The notification after cancelling: access continues until the period's end (shown in the user's words). */
export function describeCancellation(periodEnd: Date | null): string {
  const until = periodEnd ? ` until ${formatLongDate(periodEnd)}` : " until the end of the billing period";
  return `Your subscription has been cancelled. You will keep access to your plan${until}.`;
}
export const REACTIVATED_MESSAGE = "Your subscription has been reactivated.";
