import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "@smm/domain/db";
import { stripeUserSubscriptions } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { Billing, CheckoutSessionRequest } from "@smm/domain/ports";
import { eq } from "drizzle-orm";
import Stripe from "stripe";

/** The label every page of the embedded checkout carries (it stands in for Stripe; nothing is charged). */
export const LOCAL_CHECKOUT_LABEL = "Test checkout: no card is charged";
/** The label of the embedded billing portal (Invoices and cards without Stripe). */
export const LOCAL_BILLING_LABEL = "Embedded billing (offline): no card is charged";

/** A checkout the local page can show and complete; carried in the page's URL, signed. */
export interface LocalCheckout {
  sessionId: string;
  userId: string;
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** The free trial's days, when the subscription starts with one. */
  trialDays?: number;
  /** Unix seconds. */
  expiresAt: number;
}

/** The local billing portal a page URL's `session` names (signed, as a Stripe portal session URL is). */
export interface LocalPortalSession {
  customerId: string;
  returnUrl: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** What the local portal page shows: the customer's subscription as the read model holds it. */
export interface LocalPortalView {
  returnUrl: string;
  subscription: {
    priceId: string | null;
    status: string;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}

export interface LocalBilling extends Billing {
  readonly kind: "local";
  /** The portal a page URL's `session` names, with the customer's subscription, or null when forged or expired. */
  readPortal(token: string): Promise<LocalPortalView | null>;
  /** The checkout a page URL's `session` names, or null when forged or expired. */
  readCheckout(token: string): LocalCheckout | null;
  /** 'Pay': the provider's events for a paid subscription, signed and sent through the webhook. */
  completeCheckout(checkout: LocalCheckout): Promise<void>;
}

export interface LocalBillingOptions {
  db: Db;
  /** The app's public origin: the checkout page lives there. */
  appUrl: string;
  /** The webhook's signing secret: events are signed exactly as Stripe signs them. */
  webhookSecret: string;
  /** Posts a signed event to the app's webhook route (the same route Stripe calls). */
  deliver(payload: string, signature: string): Promise<Response>;
  now: () => Date;
}

const CHECKOUT_LIFETIME_S = 24 * 3600;
/** As Stripe's portal sessions: short-lived, opened right after they are made. */
const PORTAL_LIFETIME_S = 3600;
const DAY_S = 86_400;

/**
 * The webhook secret: STRIPE_WEBHOOK_SECRET when set, else one generated once into the data folder (shared
 * by every instance on it; the first writer wins and the others read its secret).
 */
export async function loadOrCreateWebhookSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, "stripe-webhook-secret");
  const read = async () => {
    try {
      const existing = (await readFile(file, "utf8")).trim();
      return existing.startsWith("whsec_") ? existing : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };
  const existing = await read();
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const written = await read();
    if (!written) throw new Error(`unreadable webhook secret in ${file}`);
    return written;
  }
}

/**
 * The embedded default of the Billing port: a local checkout page at /billing/checkout instead of Stripe's.
 * It keeps no state of its own: what Stripe would remember is in the signed checkout link and, once paid,
 * in the read model the webhook writes. Every change it makes is an event in Stripe's shape, signed with
 * the webhook secret and sent through the same webhook route, so the local path tests the real one.
 */
export function createLocalBilling(options: LocalBillingOptions): LocalBilling {
  const sign = (data: string) => createHmac("sha256", options.webhookSecret).update(data).digest("base64url");
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  // A signed, expiring link is the only permission of the local pages, as Stripe's hosted URLs are.
  const seal = (value: object) => {
    const data = Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${data}.${sign(data)}`;
  };
  const unseal = <T extends { expiresAt: number }>(token: string): T | null => {
    const [data, signature] = token.split(".");
    if (!data || !signature) return null;
    const expected = Buffer.from(sign(data));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const value = JSON.parse(Buffer.from(data, "base64url").toString()) as T;
    return value.expiresAt > nowSeconds() ? value : null;
  };

  const send = async (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_local_${randomBytes(12).toString("hex")}`,
      object: "event",
      type,
      created: nowSeconds(),
      livemode: false,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
      timestamp: nowSeconds(),
    });
    const response = await options.deliver(payload, signature);
    if (!response.ok)
      throw new AppError("upstream_failed", "The test checkout could not record the payment.");
  };

  const subscriptionObject = (values: {
    id: string;
    customer: string;
    userId: string;
    priceId: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    periodStart: number;
    periodEnd: number;
  }) => ({
    id: values.id,
    object: "subscription",
    customer: values.customer,
    status: values.status,
    cancel_at_period_end: values.cancelAtPeriodEnd,
    metadata: { userId: values.userId },
    items: {
      object: "list",
      data: [
        {
          id: `si_${values.id}`,
          price: { id: values.priceId },
          current_period_start: values.periodStart,
          current_period_end: values.periodEnd,
        },
      ],
    },
  });

  const readSubscription = async (subscriptionId: string) => {
    const [row] = await options.db
      .select()
      .from(stripeUserSubscriptions)
      .where(eq(stripeUserSubscriptions.subscriptionId, subscriptionId));
    if (!row?.priceId) throw new AppError("not_found", "You have no active subscription.");
    const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : nowSeconds());
    return {
      id: subscriptionId,
      customer: row.customerId,
      userId: row.userId,
      priceId: row.priceId,
      status: row.subscriptionStatus,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      periodStart: seconds(row.currentPeriodStart),
      periodEnd: seconds(row.currentPeriodEnd),
    };
  };

  return {
    kind: "local",
    appUrl: options.appUrl,
    async createCustomer() {
      return `cus_local_${randomBytes(8).toString("hex")}`;
    },
    async createCheckoutSession(request: CheckoutSessionRequest) {
      const checkout: LocalCheckout = {
        sessionId: `cs_local_${randomBytes(12).toString("hex")}`,
        ...request,
        expiresAt: nowSeconds() + CHECKOUT_LIFETIME_S,
      };
      const url = new URL("/billing/checkout", options.appUrl);
      url.searchParams.set("session", seal(checkout));
      return { id: checkout.sessionId, url: url.toString() };
    },
    readCheckout(token) {
      const checkout = unseal<LocalCheckout>(token);
      // A portal session is signed by the same key: only a checkout's shape is a checkout.
      return checkout && "sessionId" in checkout ? checkout : null;
    },
    async completeCheckout(checkout) {
      const start = nowSeconds();
      const yearly = /year/i.test(checkout.priceId);
      const trialDays = checkout.trialDays ?? 0;
      const subscription = subscriptionObject({
        // One subscription per checkout: paying the same page twice repeats its events, not the purchase.
        id: `sub_local_${checkout.sessionId.slice("cs_local_".length)}`,
        customer: checkout.customerId,
        userId: checkout.userId,
        priceId: checkout.priceId,
        // As Stripe does: a trial's subscription is 'trialing' until the trial's end, then the first period.
        status: trialDays > 0 ? "trialing" : "active",
        cancelAtPeriodEnd: false,
        periodStart: start,
        periodEnd: start + (trialDays > 0 ? trialDays : yearly ? 365 : 30) * DAY_S,
      });
      // The order Stripe documents for a paid Checkout: the subscription, the session, the first invoice.
      await send("customer.subscription.created", subscription);
      await send("checkout.session.completed", {
        id: checkout.sessionId,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: trialDays > 0 ? "no_payment_required" : "paid",
        client_reference_id: checkout.userId,
        customer: checkout.customerId,
        subscription: subscription.id,
      });
      // Nothing is paid during a free trial.
      if (trialDays > 0) return;
      await send("invoice.paid", {
        id: `in_local_${randomBytes(8).toString("hex")}`,
        object: "invoice",
        customer: checkout.customerId,
        status: "paid",
        parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
        lines: {
          object: "list",
          data: [{ period: { start, end: subscription.items.data[0]?.current_period_end } }],
        },
      });
    },
    async setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd) {
      const current = await readSubscription(subscriptionId);
      await send("customer.subscription.updated", subscriptionObject({ ...current, cancelAtPeriodEnd }));
    },
    async cancelSubscriptionNow(subscriptionId) {
      const current = await readSubscription(subscriptionId);
      await send("customer.subscription.deleted", subscriptionObject({ ...current, status: "canceled" }));
    },
    async createPortalLink({ customerId, returnUrl }) {
      const session: LocalPortalSession = {
        customerId,
        returnUrl,
        expiresAt: nowSeconds() + PORTAL_LIFETIME_S,
      };
      const url = new URL("/billing/portal", options.appUrl);
      url.searchParams.set("session", seal(session));
      return url.toString();
    },
    async readPortal(token) {
      const session = unseal<LocalPortalSession>(token);
      if (!session || "sessionId" in session || typeof session.customerId !== "string") return null;
      const [row] = await options.db
        .select()
        .from(stripeUserSubscriptions)
        .where(eq(stripeUserSubscriptions.customerId, session.customerId));
      return {
        returnUrl: session.returnUrl,
        subscription: row
          ? {
              priceId: row.priceId,
              status: row.subscriptionStatus,
              currentPeriodEnd: row.currentPeriodEnd,
              cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            }
          : null,
      };
    },
  };
}

/**
 * The local checkout's way to the webhook: through the app's own fetch handler (bound once the app exists),
 * so its events meet the same route, middleware and signature check as Stripe's.
 */
export function createWebhookDelivery(appUrl: string) {
  let fetcher: ((request: Request) => Response | Promise<Response>) | null = null;
  return {
    bind(next: (request: Request) => Response | Promise<Response>) {
      fetcher = next;
    },
    async deliver(payload: string, signature: string): Promise<Response> {
      if (!fetcher) throw new Error("the webhook is not bound to an app yet");
      return fetcher(
        new Request(new URL("/api/billing/webhook", appUrl), {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
        }),
      );
    },
  };
}
