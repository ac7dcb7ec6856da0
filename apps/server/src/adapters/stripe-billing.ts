import { CANCEL_FAILED, CHECKOUT_FAILED, PORTAL_FAILED, REACTIVATE_FAILED } from "@smm/domain/billing";
import { AppError } from "@smm/domain/errors";
import type { Billing } from "@smm/domain/ports";
import Stripe from "stripe";
import type { Logger } from "../lib/logger";

export interface StripeBillingOptions {
  secretKey: string;
  /** Another host for the API (tests point it at the fake Stripe); absent: api.stripe.com. */
  apiUrl?: string | undefined;
  /** The app's public origin (PUBLIC_URL). */
  appUrl: string;
  logger: Logger;
}

/** A Stripe client on the SDK's pinned API version, optionally aimed at another host. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * Billing through Stripe Checkout (contracts/meta-and-stripe.md section 6). Every call only asks Stripe to
 * act; the read model changes when Stripe's signed events reach the webhook.
 */
export function createStripeBilling(options: StripeBillingOptions): Billing {
  const stripe = createStripeClient(options.secretKey, options.apiUrl);
  // Stripe's own message stays in the server log; the user gets the product's text.
  const upstream = async <T>(what: string, message: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      options.logger.error("stripe call failed", {
        what,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new AppError("upstream_failed", message);
    }
  };
  return {
    kind: "stripe",
    appUrl: options.appUrl,
    createCustomer: ({ userId, email }) =>
      upstream("create customer", CHECKOUT_FAILED, async () => {
        const customer = await stripe.customers.create({ email, metadata: { userId } });
        return customer.id;
      }),
    createCheckoutSession: (request) =>
      upstream("create checkout session", CHECKOUT_FAILED, async () => {
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Links the subscription's own events to the user even if they arrive before the session's.
          subscription_data: {
            metadata: { userId: request.userId },
            ...(request.trialDays
              ? {
                  trial_period_days: request.trialDays,
                  // "No credit card required": a trial ending without a card cancels instead of billing.
                  trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
                }
              : {}),
          },
          // Stripe's way to start a trial without asking for a card (it asks when one is needed).
          ...(request.trialDays ? { payment_method_collection: "if_required" } : {}),
          metadata: { userId: request.userId },
        });
        if (!session.url) throw new Error("checkout session has no url");
        return { id: session.id, url: session.url };
      }),
    setCancelAtPeriodEnd: (subscriptionId, cancelAtPeriodEnd) =>
      upstream(
        cancelAtPeriodEnd ? "cancel subscription" : "reactivate subscription",
        cancelAtPeriodEnd ? CANCEL_FAILED : REACTIVATE_FAILED,
        async () => {
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
        },
      ),
    cancelSubscriptionNow: (subscriptionId) =>
      upstream("cancel subscription now", CANCEL_FAILED, async () => {
        await stripe.subscriptions.cancel(subscriptionId);
      }),
    createPortalLink: ({ customerId, returnUrl }) =>
      upstream("create portal session", PORTAL_FAILED, async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),
  };
}
