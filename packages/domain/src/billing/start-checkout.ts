import { z } from "zod";
import type { UserContext } from "../context";
import { AppError } from "../errors";
import { derivePlan, FREE_TRIAL_DAYS, planNames } from "../plans/catalogue";
import { readSubscription } from "../plans/read-subscription";
import { declareUseCase } from "../use-case";
import { ensureCustomer, requireBilling } from "./billing-account";
import { ENTERPRISE_COMING_SOON, PLAN_NOT_AVAILABLE } from "./messages";
import { type CheckoutLink, checkoutLinkView } from "./views";

export const startCheckoutInput = z.object({
  plan: z.enum(["pro", "enterprise"], { error: PLAN_NOT_AVAILABLE }),
  interval: z.enum(["month", "year"], { error: PLAN_NOT_AVAILABLE }).default("month"),
});
export type StartCheckoutInput = z.infer<typeof startCheckoutInput>;

export type { CheckoutLink };

/**
 * Opens a subscription checkout for a plan of the catalogue (connections spec: Checkout validation). The plan
 * changes only when the provider's signed events reach the webhook, never on the return to
 * /subscription?success=true. Pro users cannot buy Enterprise yet (Enterprise Plan Coming Soon), and a paying
 * user does not buy the plan they already have. A first subscription starts with the 14-day free trial.
 */
export async function startCheckout(ctx: UserContext, input: StartCheckoutInput): Promise<CheckoutLink> {
  const billing = requireBilling(ctx);
  const product = ctx.plans.products.find(
    (candidate) => candidate.plan === input.plan && candidate.interval === input.interval,
  );
  if (!product) throw new AppError("invalid_input", PLAN_NOT_AVAILABLE);
  const subscription = await readSubscription(ctx.db, ctx.userId);
  const current = derivePlan(subscription, ctx.plans, ctx.now());
  if (current.type === "pro" && input.plan === "enterprise")
    throw new AppError("forbidden", ENTERPRISE_COMING_SOON);
  if (current.type !== "free")
    throw new AppError("conflict", `You are already on the ${planNames[current.type]} plan.`);
  const customerId = await ensureCustomer(ctx, billing);
  const session = await billing.createCheckoutSession({
    userId: ctx.userId,
    customerId,
    priceId: product.priceId,
    successUrl: new URL("/subscription?success=true", billing.appUrl).toString(),
    cancelUrl: new URL("/subscription?canceled=true", billing.appUrl).toString(),
    // The free trial is for a first subscription only: one that ever existed (even cancelled) used it.
    ...(subscription?.subscriptionId ? {} : { trialDays: FREE_TRIAL_DAYS }),
  });
  return { url: session.url, provider: billing.kind };
}

export const startCheckoutUseCase = declareUseCase({
  name: "startCheckout",
  description:
    "Start buying a plan (pro or enterprise, monthly or yearly): returns the checkout URL to hand to the user, who pays there. The plan changes once the payment is confirmed.",
  scope: "user",
  input: startCheckoutInput,
  output: checkoutLinkView,
  run: startCheckout,
});
