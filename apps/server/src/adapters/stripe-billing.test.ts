import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripeServer, startFakeStripeServer } from "../../../../tests/fakes/stripe-server";
import { createLogger } from "../lib/logger";
import { createStripeBilling } from "./stripe-billing";

const SECRET_KEY = "sk_test_fake_0123456789";
let stripe: FakeStripeServer;
beforeAll(async () => {
  stripe = await startFakeStripeServer({ secretKey: SECRET_KEY });
});
afterAll(async () => {
  await stripe?.close();
});

const billing = () =>
  createStripeBilling({
    secretKey: SECRET_KEY,
    apiUrl: stripe.url,
    appUrl: "http://app.test",
    logger: createLogger("silent"),
  });

describe("Stripe billing against the fake Stripe over HTTP", () => {
  it("creates a customer carrying the user's id, authenticated with the secret key", async () => {
    const customerId = await billing().createCustomer({ userId: "user-1", email: "ana@example.com" });
    expect(customerId).toMatch(/^cus_/);
    expect(stripe.customers.get(customerId)).toMatchObject({
      email: "ana@example.com",
      metadata: { userId: "user-1" },
    });
    expect(stripe.requests.at(-1)?.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it("opens a subscription checkout linked to the user by client_reference_id and subscription metadata", async () => {
    const customerId = await billing().createCustomer({ userId: "user-2", email: "bo@example.com" });
    const session = await billing().createCheckoutSession({
      userId: "user-2",
      customerId,
      priceId: "price_pro_yearly",
      successUrl: "http://app.test/subscription?success=true",
      cancelUrl: "http://app.test/subscription?canceled=true",
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toContain(session.id);
    const form = stripe.requests.at(-1)?.form ?? {};
    expect(form).toMatchObject({
      mode: "subscription",
      customer: customerId,
      client_reference_id: "user-2",
      "line_items[0][price]": "price_pro_yearly",
      "line_items[0][quantity]": "1",
      success_url: "http://app.test/subscription?success=true",
      cancel_url: "http://app.test/subscription?canceled=true",
      "subscription_data[metadata][userId]": "user-2",
    });
  });

  it("gives the 14-day free trial through Stripe Checkout without asking for a card, only when asked to", async () => {
    const customerId = await billing().createCustomer({ userId: "user-t", email: "tia@example.com" });
    const request = {
      userId: "user-t",
      customerId,
      priceId: "price_pro_monthly",
      successUrl: "http://app.test/subscription?success=true",
      cancelUrl: "http://app.test/subscription?canceled=true",
    };
    await billing().createCheckoutSession({ ...request, trialDays: 14 });
    expect(stripe.requests.at(-1)?.form).toMatchObject({
      "subscription_data[trial_period_days]": "14",
      "subscription_data[trial_settings][end_behavior][missing_payment_method]": "cancel",
      payment_method_collection: "if_required",
    });
    await billing().createCheckoutSession(request);
    const paid = stripe.requests.at(-1)?.form ?? {};
    expect(paid["subscription_data[trial_period_days]"]).toBeUndefined();
    expect(paid.payment_method_collection).toBeUndefined();
  });

  it("sets and clears cancel at period end, and cancels now", async () => {
    const subscription = stripe.addSubscription({
      customer: "cus_x",
      priceId: "price_pro_monthly",
      userId: "u",
    });
    await billing().setCancelAtPeriodEnd(subscription.id, true);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    await billing().setCancelAtPeriodEnd(subscription.id, false);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);
    await billing().cancelSubscriptionNow(subscription.id);
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe("canceled");
  });

  it("returns the customer portal link", async () => {
    const customerId = await billing().createCustomer({ userId: "user-3", email: "cy@example.com" });
    const url = await billing().createPortalLink({ customerId, returnUrl: "http://app.test/profile" });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.requests.at(-1)?.form.return_url).toBe("http://app.test/profile");
  });

  it("answers Stripe's failures with the product's texts as upstream_failed", async () => {
    stripe.failNextWith(500, "boom");
    await expect(
      billing().createCheckoutSession({
        userId: "u",
        customerId: "cus_missing",
        priceId: "price_pro_monthly",
        successUrl: "http://app.test/s",
        cancelUrl: "http://app.test/c",
      }),
    ).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Unable to start checkout process. Please try again later.",
    });
    await expect(billing().setCancelAtPeriodEnd("sub_missing", true)).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Failed to cancel subscription",
    });
    await expect(billing().setCancelAtPeriodEnd("sub_missing", false)).rejects.toMatchObject({
      message: "Failed to reactivate subscription",
    });
    const wrongKey = createStripeBilling({
      secretKey: "sk_wrong",
      appUrl: "http://app.test",
      apiUrl: stripe.url,
      logger: createLogger("silent"),
    });
    await expect(wrongKey.createCustomer({ userId: "u", email: "e@example.com" })).rejects.toMatchObject({
      code: "upstream_failed",
    });
  });
});
