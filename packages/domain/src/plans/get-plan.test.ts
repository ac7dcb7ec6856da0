import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, stripeUserSubscriptions, userDailyPostUsage, userPostUsage } from "../db/schema";
import { acknowledgePlanWelcome } from "./acknowledge-plan-welcome";
import { createPlanCatalogue, derivePlan, localPlanPriceIds } from "./catalogue";
import { getPlan } from "./get-plan";
import { API_ACCESS_REQUIRES_ENTERPRISE, requireApiAccess } from "./require-api-access";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

const ENDED = "Your subscription has ended. You have been moved to the free plan.";
const DAY = 86_400_000;

async function subscribe(
  userId: string,
  values: Partial<typeof stripeUserSubscriptions.$inferInsert> & { priceId: string },
) {
  await t.database.db.insert(stripeUserSubscriptions).values({
    userId,
    customerId: `cus_${userId}`,
    subscriptionStatus: "active",
    currentPeriodEnd: new Date(Date.now() + 10 * DAY),
    ...values,
  });
}

const noticesOf = (userId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("derivePlan", () => {
  const catalogue = createPlanCatalogue(localPlanPriceIds);
  const now = new Date("2030-06-15T12:00:00Z");
  const sub = (values: Partial<Parameters<typeof derivePlan>[0] & object>) => ({
    subscriptionStatus: "active",
    priceId: "price_pro_monthly",
    currentPeriodEnd: new Date("2030-07-01T00:00:00Z"),
    cancelAtPeriodEnd: false,
    ...values,
  });

  it("is free by default and for anything but an active (or trialing) subscription to one of our prices", () => {
    expect(derivePlan(null, catalogue, now).type).toBe("free");
    for (const status of ["past_due", "canceled", "unpaid", "incomplete", "not_started", "paused"])
      expect(derivePlan(sub({ subscriptionStatus: status }), catalogue, now).type).toBe("free");
    expect(derivePlan(sub({ priceId: "price_unknown" }), catalogue, now).type).toBe("free");
    expect(derivePlan(sub({ priceId: null }), catalogue, now).type).toBe("free");
    expect(derivePlan(sub({ subscriptionStatus: "trialing" }), catalogue, now).type).toBe("pro");
  });

  it("maps the monthly and annual prices to pro and enterprise", () => {
    expect(derivePlan(sub({ priceId: "price_pro_monthly" }), catalogue, now).type).toBe("pro");
    expect(derivePlan(sub({ priceId: "price_pro_yearly" }), catalogue, now).type).toBe("pro");
    expect(derivePlan(sub({ priceId: "price_enterprise_monthly" }), catalogue, now).type).toBe("enterprise");
    expect(derivePlan(sub({ priceId: "price_enterprise_yearly" }), catalogue, now).type).toBe("enterprise");
  });

  it("is free once the period end has passed", () => {
    expect(derivePlan(sub({ currentPeriodEnd: new Date("2030-06-15T11:59:59Z") }), catalogue, now).type).toBe(
      "free",
    );
    expect(derivePlan(sub({ currentPeriodEnd: null }), catalogue, now).type).toBe("pro");
  });

  it("uses the configured price ids", () => {
    const custom = createPlanCatalogue({ ...localPlanPriceIds, proMonthly: "price_1Real" });
    expect(derivePlan(sub({ priceId: "price_1Real" }), custom, now).type).toBe("pro");
    expect(derivePlan(sub({ priceId: "price_pro_monthly" }), custom, now).type).toBe("free");
  });
});

describe("getPlan", () => {
  it("gives a new user the free plan with all of it left", async () => {
    const userId = await t.createUser();
    expect(await getPlan(t.as(userId))).toEqual({
      type: "free",
      name: "Free",
      features: ["5 posts per month", "1 post per day", "Basic analytics", "Single platform"],
      capabilities: { apiAccess: false },
      postsRemaining: 5,
      maxPosts: 5,
      dailyPostsRemaining: 1,
      maxDailyPosts: 1,
      captionsRemaining: 25,
      maxCaptions: 25,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      welcomePending: false,
    });
  });

  it("asks to welcome each paid plan once, remembered on the server", async () => {
    const userId = await t.createUser();
    await subscribe(userId, { priceId: "price_pro_monthly" });
    expect((await getPlan(t.as(userId))).welcomePending).toBe(true);
    expect(await acknowledgePlanWelcome(t.as(userId))).toEqual({ plan: "pro", welcomePending: false });
    expect((await getPlan(t.as(userId))).welcomePending).toBe(false);
    await acknowledgePlanWelcome(t.as(userId));
    await t.database.db
      .update(stripeUserSubscriptions)
      .set({ priceId: "price_enterprise_monthly" })
      .where(eq(stripeUserSubscriptions.userId, userId));
    expect((await getPlan(t.as(userId))).welcomePending).toBe(true);
    const free = await t.createUser();
    expect(await acknowledgePlanWelcome(t.as(free))).toEqual({ plan: "free", welcomePending: false });
  });

  it("counts this month's and today's usage", async () => {
    const userId = await t.createUser();
    const now = new Date();
    await t.database.db.insert(userPostUsage).values({
      userId,
      month: now.getUTCMonth() + 1,
      year: now.getUTCFullYear(),
      postsUsed: 3,
      captionsUsed: 30,
    });
    await t.database.db
      .insert(userDailyPostUsage)
      .values({ userId, date: now.toISOString().slice(0, 10), postsUsed: 1 });
    // Last month's usage does not count.
    await t.database.db.insert(userPostUsage).values({ userId, month: 1, year: 2001, postsUsed: 5 });
    expect(await getPlan(t.as(userId))).toMatchObject({
      postsRemaining: 2,
      dailyPostsRemaining: 0,
      captionsRemaining: 0,
    });
  });

  it("describes pro and enterprise, unlimited values as null", async () => {
    const pro = await t.createUser();
    const end = new Date(Date.now() + 5 * DAY);
    await subscribe(pro, { priceId: "price_pro_monthly", currentPeriodEnd: end, cancelAtPeriodEnd: true });
    expect(await getPlan(t.as(pro))).toMatchObject({
      type: "pro",
      name: "Pro",
      features: expect.arrayContaining([
        "Multi-platform",
        "Scheduling",
        "Team collaboration",
        "Priority support",
      ]),
      postsRemaining: 30,
      maxPosts: 30,
      dailyPostsRemaining: null,
      maxDailyPosts: null,
      captionsRemaining: null,
      maxCaptions: null,
      currentPeriodEnd: end.toISOString(),
      cancelAtPeriodEnd: true,
      capabilities: { apiAccess: false },
    });
    const enterprise = await t.createUser();
    await subscribe(enterprise, { priceId: "price_enterprise_yearly" });
    expect(await getPlan(t.as(enterprise))).toMatchObject({
      type: "enterprise",
      name: "Enterprise",
      features: expect.arrayContaining(["Unlimited posts", "API access", "Dedicated account manager"]),
      capabilities: { apiAccess: true },
      postsRemaining: null,
      maxPosts: null,
    });
  });

  it("moves an ended, cancelled subscription to free and says so exactly once", async () => {
    const userId = await t.createUser();
    await subscribe(userId, {
      priceId: "price_pro_monthly",
      currentPeriodEnd: new Date(Date.now() - DAY),
      cancelAtPeriodEnd: true,
    });
    const plans = await Promise.all(Array.from({ length: 5 }, () => getPlan(t.as(userId))));
    expect(plans.every((plan) => plan.type === "free")).toBe(true);
    await getPlan(t.as(userId));
    const notices = await noticesOf(userId);
    expect(notices.map((n) => [n.message, n.type])).toEqual([[ENDED, "info"]]);
    expect(t.events.published.filter((e) => e.userId === userId)).toEqual([
      {
        userId,
        event: {
          type: "notification.created",
          notification: { id: notices[0]!.id, message: ENDED, kind: "info", createdAt: expect.any(String) },
        },
      },
    ]);

    // A later period that ends again is a new ending.
    await t.database.db
      .update(stripeUserSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(stripeUserSubscriptions.userId, userId));
    await getPlan(t.as(userId));
    expect(await noticesOf(userId)).toHaveLength(2);
  });

  it("sends no notice when the period ran out without a cancellation", async () => {
    const userId = await t.createUser();
    await subscribe(userId, { priceId: "price_pro_monthly", currentPeriodEnd: new Date(Date.now() - DAY) });
    expect((await getPlan(t.as(userId))).type).toBe("free");
    expect(await noticesOf(userId)).toHaveLength(0);
  });
});

describe("API access", () => {
  it("is what the plan says it is: the capability getPlan sends is the one requireApiAccess enforces", async () => {
    const free = await t.createUser();
    const pro = await t.createUser();
    await subscribe(pro, { priceId: "price_pro_yearly" });
    const enterprise = await t.createUser();
    await subscribe(enterprise, { priceId: "price_enterprise_monthly" });
    for (const [userId, expected] of [
      [free, false],
      [pro, false],
      [enterprise, true],
    ] as const) {
      const plan = await getPlan(t.as(userId));
      expect(plan.capabilities.apiAccess, plan.type).toBe(expected);
      const enforced = await requireApiAccess(t.as(userId)).then(
        () => true,
        (error: unknown) => {
          expect(error).toMatchObject({ code: "forbidden", message: API_ACCESS_REQUIRES_ENTERPRISE });
          return false;
        },
      );
      expect(enforced, plan.type).toBe(expected);
    }
  });
});
