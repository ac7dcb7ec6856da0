import type { UserContext } from "../context";
import { AppError } from "../errors";
import { readCustomerId, requireBilling } from "./billing-account";
import { NO_SUBSCRIPTION } from "./messages";

/** The provider's page for invoices and cards (Stripe's Customer Portal); back to /profile after. */
export async function openBillingPortal(ctx: UserContext): Promise<{ url: string }> {
  const billing = requireBilling(ctx);
  const customerId = await readCustomerId(ctx);
  if (!customerId) throw new AppError("conflict", NO_SUBSCRIPTION);
  const url = await billing.createPortalLink({
    customerId,
    returnUrl: new URL("/profile", billing.appUrl).toString(),
  });
  return { url };
}
