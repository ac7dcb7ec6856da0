import { z } from "@hono/zod-openapi";
import {
  applyBillingEvent,
  type BillingEvent,
  cancelSubscriptionUseCase,
  openBillingPortalUseCase,
  reactivateSubscriptionUseCase,
  startCheckoutUseCase,
} from "@smm/domain/billing";
import { AppError } from "@smm/domain/errors";
import Stripe from "stripe";
import type { AppDeps } from "../context";
import { createRoutes, declareRoutes, errors, jsonAnswer } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

/** Stripe's default and the contract's: a signature older (or newer) than this is refused. */
export const WEBHOOK_TOLERANCE_S = 300;
export const INVALID_SIGNATURE = "Invalid webhook signature";

const route = declareRoutes("Account");
const useCaseRoute = useCaseRoutes("Account");
const routes = {
  webhook: route(
    "post",
    "/webhook",
    "Stripe's events (and the local checkout's), verified by their Stripe-Signature on the raw body; a processing failure is 500 so Stripe retries.",
    {
      headers: z.object({
        "stripe-signature": z.string().optional().openapi({ description: "t=<unix>,v1=<hex HMAC-SHA256>" }),
      }),
    },
    {
      200: jsonAnswer(z.object({ received: z.literal(true) }), "Applied, a replay, or an event we ignore."),
      ...errors("400"),
    },
  ),
  checkout: useCaseRoute(startCheckoutUseCase, "post", "/checkout", {
    summary: "Start a subscription checkout for a plan and interval; answers the URL to send the user to.",
    errors: ["403", "409", "502"],
  }),
  cancel: useCaseRoute(cancelSubscriptionUseCase, "post", "/cancel", {
    summary: "Cancel the subscription at the end of the period (the plan stays until then).",
    errors: ["409", "502"],
  }),
  reactivate: useCaseRoute(reactivateSubscriptionUseCase, "post", "/reactivate", {
    summary: "Keep My Subscription: withdraw a cancellation that has not taken effect yet.",
    errors: ["409", "502"],
  }),
  portal: useCaseRoute(openBillingPortalUseCase, "post", "/portal", {
    summary: "A link to the billing portal (invoices and cards).",
    errors: ["409", "502"],
  }),
};

/**
 * Verifies and applies one webhook delivery. The signature is checked on the raw bytes before anything is
 * parsed; a missing, forged or stale one is 400 and changes nothing. A processing failure is 500 so Stripe
 * delivers the event again (its de-dup row rolled back with the rest).
 */
export async function receiveWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ status: 200 | 400 | 500 }> {
  const now = (deps.now ?? (() => new Date()))();
  let event: BillingEvent;
  try {
    if (!signature) throw new Error("no signature");
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      deps.billingWebhookSecret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      now.getTime(),
    ) as unknown as BillingEvent;
  } catch {
    return { status: 400 };
  }
  try {
    await applyBillingEvent(
      { db: deps.database.db, events: deps.events, plans: deps.plans, now: deps.now ?? (() => new Date()) },
      event,
    );
    return { status: 200 };
  } catch (error) {
    deps.logger.error("billing webhook failed", { eventId: event.id, type: event.type, error });
    return { status: 500 };
  }
}

/** /api/billing: the webhook (public, signed) and the caller's checkout, cancel, reactivate and portal. */
export function createBillingRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.webhook, async (c) => {
      const { status } = await receiveWebhook(deps, await c.req.text(), c.req.header("stripe-signature"));
      if (status === 400) throw new AppError("invalid_input", INVALID_SIGNATURE);
      if (status === 500) throw new Error("billing webhook processing failed");
      return c.json({ received: true as const }, 200);
    })
    .openapi(routes.checkout, serveUseCase(deps, routes.checkout))
    .openapi(routes.cancel, serveUseCase(deps, routes.cancel))
    .openapi(routes.reactivate, serveUseCase(deps, routes.reactivate))
    .openapi(routes.portal, serveUseCase(deps, routes.portal));
}
