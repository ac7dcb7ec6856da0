import { z } from "zod";
import { planTypes } from "../plans/catalogue";

/**
 * The answers of the billing use cases. Each is its use case's declared output (the tool's outputSchema, the
 * route's answer, the OpenAPI schema); the types are derived from them so they cannot drift.
 */

export const checkoutLinkView = z
  .object({
    url: z
      .string()
      .meta({ description: "Where the user pays: Stripe Checkout, or the local test checkout." }),
    provider: z
      .enum(["local", "stripe"])
      .meta({ description: '"local" when no card is charged (the embedded test checkout).' }),
  })
  .meta({ id: "CheckoutLink" });
export type CheckoutLink = z.infer<typeof checkoutLinkView>;

/** What a cancel or a reactivation asked of the provider (its event updates the plan). */
export const subscriptionStateView = z
  .object({
    plan: z.enum(planTypes),
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: z
      .string()
      .nullable()
      .meta({ description: "ISO instant: the paid plan lasts until then." }),
  })
  .meta({ id: "SubscriptionState" });
export type SubscriptionState = z.infer<typeof subscriptionStateView>;

export const billingPortalLinkView = z
  .object({ url: z.string().meta({ description: "The provider's page for invoices and cards." }) })
  .meta({ id: "BillingPortalLink" });
export type BillingPortalLink = z.infer<typeof billingPortalLinkView>;
