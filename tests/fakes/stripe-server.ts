import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";

/** One request the fake received: the form body decoded into Stripe's bracketed keys. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeStripeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: "list"; data: { id: string; price: { id: string }; current_period_end: number }[] };
}

export interface FakeStripeServer {
  /** http://127.0.0.1:port, for STRIPE_API_URL. */
  url: string;
  requests: RecordedStripeRequest[];
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  subscriptions: Map<string, FakeStripeSubscription>;
  /** Adds a subscription as a completed checkout would (the tests then update or cancel it). */
  addSubscription(values: { customer: string; priceId: string; userId: string }): FakeStripeSubscription;
  /** The next request answers with this Stripe error instead. */
  failNextWith(status: number, message: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()))));
  });
}

/** Metadata sent as metadata[key]=value (or under a prefix such as subscription_data[metadata]). */
function metadataOf(form: Record<string, string>, prefix = "metadata"): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.startsWith(`${prefix}[`) ? /\[([^\]]+)\]$/.exec(key) : null;
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * A Stripe API over real HTTP for the billing adapter's tests, answering the calls it makes in Stripe's
 * documented shapes: customers, Checkout Sessions, subscription updates and cancels, portal sessions. It
 * checks the secret key like Stripe does (Bearer, 401 otherwise).
 */
export async function startFakeStripeServer(options: { secretKey: string }): Promise<FakeStripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const customers: FakeStripeServer["customers"] = new Map();
  const subscriptions: FakeStripeServer["subscriptions"] = new Map();
  let nextFailure: { status: number; message: string } | null = null;

  const addSubscription: FakeStripeServer["addSubscription"] = ({ customer, priceId, userId }) => {
    const subscription: FakeStripeSubscription = {
      id: id("sub"),
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      metadata: { userId },
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            price: { id: priceId },
            current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  };

  const server: Server = createServer(async (req, res) => {
    const form = req.method === "GET" ? {} : await readForm(req);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    requests.push({ method: req.method ?? "GET", path, authorization: req.headers.authorization, form });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, message: string, type = "invalid_request_error") =>
      send(status, { error: { type, message } });

    if (req.headers.authorization !== `Bearer ${options.secretKey}`)
      return fail(401, "Invalid API Key provided", "invalid_request_error");
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return fail(failure.status, failure.message, "api_error");
    }

    if (req.method === "POST" && path === "/v1/customers") {
      const customer = { id: id("cus"), email: form.email ?? null, metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      return send(200, { object: "customer", ...customer });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      for (const required of ["mode", "line_items[0][price]", "success_url", "cancel_url"])
        if (!form[required]) return fail(400, `Missing required param: ${required}.`);
      if (form.customer && !customers.has(form.customer))
        return fail(400, `No such customer: '${form.customer}'`);
      // Stripe's rules for a trial on a Checkout Session (API reference: subscription_data.trial_period_days,
      // payment_method_collection, subscription_data.trial_settings).
      const trialDays = form["subscription_data[trial_period_days]"];
      if (
        trialDays !== undefined &&
        !(/^\d+$/.test(trialDays) && Number(trialDays) >= 1 && Number(trialDays) <= 730)
      )
        return fail(400, "subscription_data[trial_period_days] must be an integer between 1 and 730.");
      const collection = form.payment_method_collection;
      if (collection !== undefined && collection !== "always" && collection !== "if_required")
        return fail(400, `Invalid payment_method_collection: must be one of always, if_required`);
      if (collection === "if_required" && form.mode !== "subscription")
        return fail(400, "payment_method_collection=if_required is only allowed in subscription mode.");
      const endBehavior = form["subscription_data[trial_settings][end_behavior][missing_payment_method]"];
      if (endBehavior !== undefined && !["cancel", "create_invoice", "pause"].includes(endBehavior))
        return fail(400, "Invalid subscription_data[trial_settings][end_behavior][missing_payment_method]");
      const sessionId = id("cs_test");
      return send(200, {
        id: sessionId,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        mode: form.mode,
        status: "open",
        customer: form.customer ?? null,
        subscription: null,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: metadataOf(form),
        payment_method_collection: collection ?? "always",
        subscription_data: {
          metadata: metadataOf(form, "subscription_data[metadata]"),
          trial_period_days: trialDays === undefined ? null : Number(trialDays),
        },
      });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath?.[1]) {
      const subscription = subscriptions.get(subscriptionPath[1]);
      if (!subscription) return fail(404, `No such subscription: '${subscriptionPath[1]}'`);
      if (req.method === "POST") {
        if (form.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
        return send(200, subscription);
      }
      if (req.method === "DELETE") {
        subscription.status = "canceled";
        return send(200, subscription);
      }
      return send(200, subscription);
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!form.customer || !customers.has(form.customer))
        return fail(400, `No such customer: '${form.customer ?? ""}'`);
      return send(200, {
        id: id("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id("test")}`,
      });
    }
    return fail(404, `Unrecognized request URL (${req.method}: ${path}).`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    addSubscription,
    failNextWith(status, message) {
      nextFailure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
