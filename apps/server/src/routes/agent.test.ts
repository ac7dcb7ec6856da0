import { stripeUserSubscriptions } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
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

async function brandOwner(plan: "free" | "enterprise" = "free") {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  await jsonRequest(ctx, "/api/brands", { body: { name: "Bean There" }, cookie });
  if (plan === "enterprise") {
    await ctx.deps.db.insert(stripeUserSubscriptions).values({
      userId,
      customerId: `cus_${userId}`,
      subscriptionStatus: "active",
      priceId: "price_enterprise_monthly",
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    });
  }
  return { cookie, userId };
}

describe("agent routes", () => {
  it("need a session", async () => {
    expect((await jsonRequest(ctx, "/api/agent/settings")).status).toBe(401);
    expect((await jsonRequest(ctx, "/api/agent/analysis", { body: {} })).status).toBe(401);
  });

  it("read and save the settings one field at a time, with the documented error shape", async () => {
    const { cookie } = await brandOwner();
    const settings = await jsonRequest(ctx, "/api/agent/settings", { cookie });
    expect(await settings.json()).toMatchObject({
      postsPerWeek: 5,
      bestPostTime: "09:00",
      scheduleAgentEnabled: false,
    });
    const saved = await jsonRequest(ctx, "/api/agent/settings", {
      method: "PATCH",
      body: { field: "postsPerWeek", value: 7 },
      cookie,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ postsPerWeek: 7 });
    const bad = await jsonRequest(ctx, "/api/agent/settings", {
      method: "PATCH",
      body: { field: "postsPerWeek", value: 40 },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "invalid_input", reason: "invalid_input", message: "Posts per week must be at most 30" },
    });
    const refused = await jsonRequest(ctx, "/api/agent/settings", {
      method: "PATCH",
      body: { field: "scheduleAgentEnabled", value: true },
      cookie,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await jsonRequest(ctx, "/api/agent/run", { body: {}, cookie })).status).toBe(403);
  });

  it("analyse the calendar, run the agent for Enterprise and serve the suggestions; another user's are 404", async () => {
    const owner = await brandOwner("enterprise");
    // Never analysed is an expected state: 200 with an explicit none, not a 404.
    const none = await jsonRequest(ctx, "/api/agent/analysis/cached", {
      body: { range: "30d" },
      cookie: owner.cookie,
    });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ analysis: null });
    const analysis = await jsonRequest(ctx, "/api/agent/analysis", {
      body: { range: "30d" },
      cookie: owner.cookie,
    });
    expect(await analysis.json()).toMatchObject({ range: "30d", weeklyTarget: 5, contentGap: 5 });
    const cached = await jsonRequest(ctx, "/api/agent/analysis/cached", {
      body: { range: "30d" },
      cookie: owner.cookie,
    });
    expect(await cached.json()).toMatchObject({ analysis: { range: "30d", weeklyTarget: 5 } });
    const run = await jsonRequest(ctx, "/api/agent/run", { body: {}, cookie: owner.cookie });
    expect(await run.json()).toMatchObject({ ran: true, gap: 5, postsCreated: 5 });
    const list = (await (
      await jsonRequest(ctx, "/api/agent/suggestions", { cookie: owner.cookie })
    ).json()) as {
      suggestions: { id: string; post: { status: string } | null }[];
    };
    expect(list.suggestions).toHaveLength(5);
    expect(list.suggestions[0]?.post?.status).toBe("pending");

    const stranger = await brandOwner();
    const id = list.suggestions[1]?.id ?? "";
    for (const action of ["dismiss", "generate"]) {
      const response = await jsonRequest(ctx, `/api/agent/suggestions/${id}/${action}`, {
        method: "POST",
        cookie: stranger.cookie,
      });
      expect(response.status).toBe(404);
    }
    const dismissed = await jsonRequest(ctx, `/api/agent/suggestions/${id}/dismiss`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(dismissed.status).toBe(200);
  });
});
