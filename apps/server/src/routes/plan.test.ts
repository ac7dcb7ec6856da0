import { stripeUserSubscriptions, userPostUsage } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  recordEvents,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;

async function signedIn() {
  const { cookie } = await signUpVerifiedUser(ctx);
  return { cookie, userId: await userIdOf(ctx, cookie) };
}

describe("GET /api/plan", () => {
  it("needs a session", async () => {
    expect((await jsonRequest(ctx, "/api/plan")).status).toBe(401);
  });

  it("is the free plan for a new user, with this month's usage taken off", async () => {
    const { cookie, userId } = await signedIn();
    ctx.clock.set(new Date("2031-05-20T08:00:00Z"));
    await ctx.database.db
      .insert(userPostUsage)
      .values({ userId, month: 5, year: 2031, postsUsed: 2, captionsUsed: 5 });
    const response = await jsonRequest(ctx, "/api/plan", { cookie });
    ctx.clock.set(null);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      type: "free",
      name: "Free",
      features: ["5 posts per month", "1 post per day", "Basic analytics", "Single platform"],
      capabilities: { apiAccess: false },
      postsRemaining: 3,
      maxPosts: 5,
      dailyPostsRemaining: 1,
      maxDailyPosts: 1,
      captionsRemaining: 20,
      maxCaptions: 25,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      welcomePending: false,
    });
  });

  it("follows the subscription read model, and tells the user once when a cancelled plan has ended", async () => {
    const { cookie, userId } = await signedIn();
    const periodEnd = new Date("2031-06-30T00:00:00Z");
    await ctx.database.db.insert(stripeUserSubscriptions).values({
      userId,
      customerId: "cus_plan_test",
      subscriptionStatus: "active",
      priceId: ctx.plans.products.find((p) => p.id === "aiAgentYear")!.priceId,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
    });
    ctx.clock.set(new Date(periodEnd.getTime() - DAY));
    expect(await (await jsonRequest(ctx, "/api/plan", { cookie })).json()).toMatchObject({
      type: "enterprise",
      name: "Enterprise",
      capabilities: { apiAccess: true },
      postsRemaining: null,
      maxPosts: null,
      currentPeriodEnd: "2031-06-30T00:00:00.000Z",
      cancelAtPeriodEnd: true,
    });

    const events = await recordEvents(ctx.events, userId);
    ctx.clock.set(new Date(periodEnd.getTime() + DAY));
    const plans = await Promise.all([1, 2, 3].map(() => jsonRequest(ctx, "/api/plan", { cookie })));
    ctx.clock.set(null);
    for (const response of plans) expect(await response.json()).toMatchObject({ type: "free", maxPosts: 5 });
    await events.waitFor((e) => e.type === "notification.created");
    await events.stop();

    const list = (await (await jsonRequest(ctx, "/api/notifications", { cookie })).json()) as {
      notifications: { message: string }[];
    };
    expect(list.notifications.map((n) => n.message)).toEqual([
      "Your subscription has ended. You have been moved to the free plan.",
    ]);
  });
});
