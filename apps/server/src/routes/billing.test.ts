import { notifications, stripeUserSubscriptions, stripeWebhookEvents } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  recordEvents,
  signUpVerifiedUser,
  TEST_ORIGIN,
  TEST_WEBHOOK_SECRET,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY_S = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);
let eventCounter = 0;

async function signedIn() {
  const { cookie } = await signUpVerifiedUser(ctx);
  return { cookie, userId: await userIdOf(ctx, cookie) };
}

function subscriptionEvent(
  userId: string,
  values: {
    type?: string;
    created?: number;
    status?: string;
    cancel?: boolean;
    priceId?: string;
    id?: string;
  } = {},
) {
  return {
    id: values.id ?? `evt_test_${++eventCounter}_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: values.type ?? "customer.subscription.updated",
    created: values.created ?? nowS(),
    data: {
      object: {
        id: `sub_${userId}`,
        object: "subscription",
        customer: `cus_${userId}`,
        status: values.status ?? "active",
        cancel_at_period_end: values.cancel ?? false,
        metadata: { userId },
        items: {
          object: "list",
          data: [
            { price: { id: values.priceId ?? "price_pro_monthly" }, current_period_end: nowS() + 30 * DAY_S },
          ],
        },
      },
    },
  };
}

/** Posts an event signed by the stripe package, as Stripe would. */
async function deliver(
  event: unknown,
  options: {
    secret?: string;
    timestamp?: number;
    tamper?: (payload: string) => string;
    noSignature?: boolean;
  } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? nowS(),
  });
  return ctx.app.request(`${TEST_ORIGIN}/api/billing/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.noSignature ? {} : { "stripe-signature": signature }),
    },
    body: options.tamper ? options.tamper(payload) : payload,
  });
}

async function planOf(cookie: string) {
  const response = await jsonRequest(ctx, "/api/plan", { cookie });
  return (await response.json()) as { type: string; maxPosts: number | null; cancelAtPeriodEnd: boolean };
}

describe("POST /api/billing/webhook", () => {
  it("applies a valid, fresh, correctly signed event: the user is on Pro", async () => {
    const { cookie, userId } = await signedIn();
    const response = await deliver(subscriptionEvent(userId, { type: "customer.subscription.created" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await planOf(cookie)).toMatchObject({ type: "pro", maxPosts: 30 });
  });

  it("refuses a tampered body, a wrong secret, a stale or missing signature with 400, changing nothing", async () => {
    const { cookie, userId } = await signedIn();
    const event = subscriptionEvent(userId, { type: "customer.subscription.created" });
    const refused = [
      await deliver(event, {
        tamper: (payload) => payload.replace("price_pro_monthly", "price_enterprise_monthly"),
      }),
      await deliver(event, { secret: "whsec_someone_else" }),
      await deliver(event, { timestamp: nowS() - 301 }),
      await deliver(event, { noSignature: true }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input" } });
    }
    expect(await planOf(cookie)).toMatchObject({ type: "free" });
    const seen = await ctx.database.db
      .select()
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.id, event.id));
    expect(seen).toEqual([]);
  });

  it("accepts a signature within the 300 s tolerance", async () => {
    const { cookie, userId } = await signedIn();
    const response = await deliver(subscriptionEvent(userId), { timestamp: nowS() - 250 });
    expect(response.status).toBe(200);
    expect((await planOf(cookie)).type).toBe("pro");
  });

  it("changes nothing on a replay of an event already applied", async () => {
    const { cookie, userId } = await signedIn();
    const at = nowS();
    const cancel = subscriptionEvent(userId, { created: at, cancel: true });
    expect((await deliver(cancel)).status).toBe(200);
    expect((await planOf(cookie)).cancelAtPeriodEnd).toBe(true);
    // Kept in the same second, so only the de-dup table (not the ordering) can stop the replay.
    expect((await deliver(subscriptionEvent(userId, { created: at, cancel: false }))).status).toBe(200);
    expect((await planOf(cookie)).cancelAtPeriodEnd).toBe(false);
    const replay = await deliver(cancel);
    expect(replay.status).toBe(200);
    expect((await planOf(cookie)).cancelAtPeriodEnd).toBe(false);
  });

  it("ignores an older event arriving after a newer one", async () => {
    const { cookie, userId } = await signedIn();
    const at = nowS();
    expect(
      (await deliver(subscriptionEvent(userId, { created: at, priceId: "price_enterprise_monthly" }))).status,
    ).toBe(200);
    expect((await deliver(subscriptionEvent(userId, { created: at - 60, status: "canceled" }))).status).toBe(
      200,
    );
    expect((await planOf(cookie)).type).toBe("enterprise");
    expect(
      (
        await deliver(
          subscriptionEvent(userId, {
            created: at + 60,
            type: "customer.subscription.deleted",
            status: "canceled",
          }),
        )
      ).status,
    ).toBe(200);
    expect((await planOf(cookie)).type).toBe("free");
  });

  it("acknowledges unknown events and answers 500 (recording nothing) when processing fails", async () => {
    const unknown = {
      id: `evt_unknown_${nowS()}`,
      object: "event",
      type: "charge.refunded",
      created: nowS(),
      data: { object: {} },
    };
    expect((await deliver(unknown)).status).toBe(200);
    const { cookie, userId } = await signedIn();
    const broken = subscriptionEvent(userId);
    const object = broken.data.object as Record<string, unknown>;
    delete object.items;
    expect((await deliver(broken)).status).toBe(500);
    const seen = await ctx.database.db
      .select()
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.id, broken.id));
    expect(seen).toEqual([]);
    expect((await planOf(cookie)).type).toBe("free");
  });

  it("links a checkout's customer to the user and extends the period on invoice.paid, with no call to Stripe", async () => {
    const { cookie, userId } = await signedIn();
    const at = nowS();
    const session = {
      id: `evt_cs_${userId}`,
      object: "event",
      type: "checkout.session.completed",
      created: at,
      data: {
        object: { id: "cs_1", client_reference_id: userId, customer: "cus_other", subscription: "sub_other" },
      },
    };
    expect((await deliver(session)).status).toBe(200);
    // The subscription's own event carries no user: the customer from the session links it.
    const created = subscriptionEvent("nobody", { type: "customer.subscription.created", created: at });
    const object = created.data.object as Record<string, unknown>;
    object.id = "sub_other";
    object.customer = "cus_other";
    object.metadata = {};
    expect((await deliver(created)).status).toBe(200);
    expect((await planOf(cookie)).type).toBe("pro");
    const until = at + 400 * DAY_S;
    const invoice = {
      id: `evt_inv_${userId}`,
      object: "event",
      type: "invoice.paid",
      created: at + 1,
      data: {
        object: {
          parent: { subscription_details: { subscription: "sub_other" } },
          lines: { data: [{ period: { end: until } }] },
        },
      },
    };
    expect((await deliver(invoice)).status).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(stripeUserSubscriptions)
      .where(eq(stripeUserSubscriptions.userId, userId));
    expect(row?.currentPeriodEnd?.getTime()).toBe(until * 1000);
  });
});

describe("the local checkout and the subscription's life cycle", () => {
  it("pays annual Pro through the local page and the webhook; cancels at period end and reactivates", async () => {
    const { cookie, userId } = await signedIn();
    const live = await recordEvents(ctx.events, userId);
    const start = await jsonRequest(ctx, "/api/billing/checkout", {
      cookie,
      body: { plan: "pro", interval: "year" },
    });
    expect(start.status).toBe(200);
    const { url, provider } = (await start.json()) as { url: string; provider: string };
    expect(provider).toBe("local");
    expect(url).toContain(`${TEST_ORIGIN}/billing/checkout?session=`);

    const page = await ctx.app.request(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test checkout: no card is charged");
    expect(html).toContain("€150 per year");
    expect((await planOf(cookie)).type).toBe("free");

    const session = new URL(url).searchParams.get("session") ?? "";
    const pay = await ctx.app.request(`${TEST_ORIGIN}/billing/checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session }).toString(),
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`${TEST_ORIGIN}/subscription?success=true`);
    expect(await planOf(cookie)).toMatchObject({ type: "pro", maxPosts: 30, cancelAtPeriodEnd: false });
    await live.waitFor((event) => event.type === "plan.changed");
    const messages = (
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))
    ).map((row) => row.message);
    expect(messages).toContain("Successfully upgraded your plan! Enjoy the new features.");

    const enterprise = await jsonRequest(ctx, "/api/billing/checkout", {
      cookie,
      body: { plan: "enterprise", interval: "month" },
    });
    expect(enterprise.status).toBe(403);
    expect(await enterprise.json()).toMatchObject({ error: { message: "Enterprise Plan Coming Soon" } });

    const cancel = await jsonRequest(ctx, "/api/billing/cancel", { cookie, method: "POST" });
    expect(cancel.status).toBe(200);
    expect(await planOf(cookie)).toMatchObject({ type: "pro", cancelAtPeriodEnd: true });
    const reactivate = await jsonRequest(ctx, "/api/billing/reactivate", { cookie, method: "POST" });
    expect(reactivate.status).toBe(200);
    expect(await planOf(cookie)).toMatchObject({ type: "pro", cancelAtPeriodEnd: false });
    const all = (
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))
    ).map((row) => row.message);
    expect(all.some((message) => message.startsWith("Your subscription has been cancelled."))).toBe(true);
    expect(all).toContain("Your subscription has been reactivated.");
    await live.stop();
  });

  it("a first subscription starts with the landing page's 14-day free trial; a second one is paid from the start", async () => {
    const { cookie, userId } = await signedIn();
    const checkout = async () => {
      const start = await jsonRequest(ctx, "/api/billing/checkout", {
        cookie,
        body: { plan: "pro", interval: "month" },
      });
      const url = ((await start.json()) as { url: string }).url;
      const html = await (await ctx.app.request(url)).text();
      const session = new URL(url).searchParams.get("session") ?? "";
      await ctx.app.request(`${TEST_ORIGIN}/billing/checkout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ session }).toString(),
      });
      const [row] = await ctx.database.db
        .select()
        .from(stripeUserSubscriptions)
        .where(eq(stripeUserSubscriptions.userId, userId));
      return { html, row };
    };
    const first = await checkout();
    expect(first.html).toContain("14-day free trial");
    expect(first.row?.subscriptionStatus).toBe("trialing");
    const days = ((first.row?.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / (DAY_S * 1000);
    expect(Math.round(days)).toBe(14);
    expect(await planOf(cookie)).toMatchObject({ type: "pro" });

    // Ended (the account deleted it, say): the next subscription has no second trial.
    await ctx.database.db
      .update(stripeUserSubscriptions)
      .set({ subscriptionStatus: "canceled" })
      .where(eq(stripeUserSubscriptions.userId, userId));
    expect((await planOf(cookie)).type).toBe("free");
    const second = await checkout();
    expect(second.html).not.toContain("free trial");
    expect(second.row?.subscriptionStatus).toBe("active");
  });

  it("'Invoices and cards' opens the embedded billing's own portal page: the plan, no invoices, labelled offline", async () => {
    const { cookie } = await signedIn();
    const start = await jsonRequest(ctx, "/api/billing/checkout", {
      cookie,
      body: { plan: "pro", interval: "month" },
    });
    const session = new URL(((await start.json()) as { url: string }).url).searchParams.get("session") ?? "";
    await ctx.app.request(`${TEST_ORIGIN}/billing/checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session }).toString(),
    });

    const portal = await jsonRequest(ctx, "/api/billing/portal", { cookie, method: "POST" });
    expect(portal.status).toBe(200);
    const { url } = (await portal.json()) as { url: string };
    // Not the profile page again (which reloaded with no message): a page of its own.
    expect(url).toContain(`${TEST_ORIGIN}/billing/portal?session=`);
    const page = await ctx.app.request(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Embedded billing (offline): no card is charged");
    expect(html).toMatch(/data-testid="local-portal-plan">Pro</);
    expect(html).toContain("€15 per month");
    // A first subscription is in its free trial.
    expect(html).toMatch(/Free trial until [A-Z][a-z]+ \d{1,2}, \d{4}; nothing has been charged\./);
    expect(html).toContain("No invoices");
    expect(html).toContain(`href="${TEST_ORIGIN}/profile"`);

    // The signed link is the only permission: forged, or a checkout's session, opens nothing.
    expect((await ctx.app.request(`${TEST_ORIGIN}/billing/portal?session=abc.def`)).status).toBe(404);
    expect((await ctx.app.request(`${TEST_ORIGIN}/billing/portal?session=${session}`)).status).toBe(404);
    expect(
      (
        await ctx.app.request(
          `${TEST_ORIGIN}/billing/checkout?session=${new URL(url).searchParams.get("session")}`,
        )
      ).status,
    ).toBe(404);
  });

  it("refuses a forged checkout page, an unknown plan, and cancelling without a subscription", async () => {
    const { cookie } = await signedIn();
    const forged = await ctx.app.request(`${TEST_ORIGIN}/billing/checkout?session=abc.def`);
    expect(forged.status).toBe(404);
    const bad = await jsonRequest(ctx, "/api/billing/checkout", {
      cookie,
      body: { plan: "gold", interval: "month" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { message: "Selected plan is not available. Please choose another plan." },
    });
    const cancel = await jsonRequest(ctx, "/api/billing/cancel", { cookie, method: "POST" });
    expect(cancel.status).toBe(409);
    expect((await jsonRequest(ctx, "/api/billing/checkout", { body: { plan: "pro" } })).status).toBe(401);
  });
});
