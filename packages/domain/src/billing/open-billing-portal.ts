import type { UserContext } from "../context";
import { AppError } from "../errors";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { readCustomerId, requireBilling } from "./billing-account";
import { NO_SUBSCRIPTION } from "./messages";
import { type BillingPortalLink, billingPortalLinkView } from "./views";

/** The provider's page for invoices and cards (Stripe's Customer Portal); back to /profile after. */
export async function openBillingPortal(ctx: UserContext): Promise<BillingPortalLink> {
  const billing = requireBilling(ctx);
  const customerId = await readCustomerId(ctx);
  if (!customerId) throw new AppError("conflict", NO_SUBSCRIPTION);
  const url = await billing.createPortalLink({
    customerId,
    returnUrl: new URL("/profile", billing.appUrl).toString(),
  });
  return { url };
}

export const openBillingPortalUseCase = declareUseCase({
  name: "openBillingPortal",
  description: "A link to the billing portal where the user sees invoices and changes cards.",
  scope: "user",
  input: noInput,
  output: billingPortalLinkView,
  run: openBillingPortal,
});
