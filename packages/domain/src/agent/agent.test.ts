import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import type { BrandContext } from "../context";
import {
  agentRuns,
  brandAnalytics,
  notifications,
  postSuggestions,
  posts,
  stripeUserSubscriptions,
  userPostUsage,
} from "../db/schema";
import { analyzeCalendar, readCalendarAnalysis } from "../suggestions/analyze-calendar";
import { getAgentSettings } from "./get-agent-settings";
import { runSchedulingAgent } from "./run-scheduling-agent";
import { fillScheduleGap, runDueSchedulingAgents } from "./scheduling-agent";
import { updateAgentSettings } from "./update-agent-settings";

// Monday 23 November 2026, 15:00 UTC (07:00 in Los Angeles).
const NOW = new Date("2026-11-23T15:00:00.000Z");
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.set(NOW);
});

async function brandOwner(plan: "free" | "enterprise" = "free"): Promise<BrandContext> {
  const userId = await t.createUser();
  await createBrand(t.as(userId), { name: "Bean There" });
  if (plan === "enterprise") {
    await t.database.db.insert(stripeUserSubscriptions).values({
      userId,
      customerId: `cus_${userId}`,
      subscriptionStatus: "active",
      priceId: "price_enterprise_monthly",
      currentPeriodEnd: new Date(NOW.getTime() + 20 * 24 * HOUR),
    });
  }
  return resolveBrand(t.as(userId));
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

const approvedAt = (ctx: BrandContext, iso: string) =>
  t.database.db.insert(posts).values({
    userId: ctx.userId,
    brandId: ctx.brandId,
    content: "x",
    status: "approved",
    scheduledDate: at(iso),
  });

const pendingPostsOf = (ctx: BrandContext) =>
  t.database.db
    .select()
    .from(posts)
    .where(and(eq(posts.brandId, ctx.brandId), eq(posts.status, "pending")));

const suggestionsOf = (ctx: BrandContext) =>
  t.database.db.select().from(postSuggestions).where(eq(postSuggestions.brandId, ctx.brandId));

const noticesOf = (ctx: BrandContext) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, ctx.userId));

describe("agent settings", () => {
  it("starts with the spec's defaults and saves one field at a time, telling the other tabs", async () => {
    const ctx = await brandOwner();
    expect(await getAgentSettings(ctx)).toMatchObject({
      scheduleAgentEnabled: false,
      chatAgentEnabled: false,
      postsPerWeek: 5,
      bestPostTime: "09:00",
      contentStyle: "professional",
      imageStyle: "modern",
      responseTime: 5,
      chatStyle: "professional",
      defaultResponse: "",
      autoResponseTopics: [],
      schedulingAgentAvailable: false,
    });
    expect(await updateAgentSettings(ctx, { field: "postsPerWeek", value: 7 })).toMatchObject({
      postsPerWeek: 7,
    });
    expect(t.events.published).toContainEqual({
      userId: ctx.userId,
      event: { type: "agent.settings.changed" },
    });
    for (const bad of [
      { field: "postsPerWeek", value: 31 },
      { field: "postsPerWeek", value: 0 },
      { field: "bestPostTime", value: "25:00" },
      { field: "timeZone", value: "Mars/Olympus" },
      { field: "nope", value: 1 },
    ]) {
      expect(await rejection(updateAgentSettings(ctx, bad as never))).toMatchObject({
        code: "invalid_input",
      });
    }
    expect(await getAgentSettings(ctx)).toMatchObject({
      postsPerWeek: 7,
      bestPostTime: "09:00",
      timeZone: "UTC",
    });
  });

  it("refuses the scheduling agent to a plan other than Enterprise with 403, saving nothing", async () => {
    const ctx = await brandOwner("free");
    expect(
      await rejection(updateAgentSettings(ctx, { field: "scheduleAgentEnabled", value: true })),
    ).toMatchObject({
      code: "forbidden",
      status: 403,
    });
    expect((await getAgentSettings(ctx)).scheduleAgentEnabled).toBe(false);
    expect(await rejection(runSchedulingAgent(ctx))).toMatchObject({ code: "forbidden" });
    expect(await suggestionsOf(ctx)).toEqual([]);
  });
});

describe("the calendar analysis cache", () => {
  it("reuses the analysis for an hour on the page and six on the dashboard, with live counts and target", async () => {
    const ctx = await brandOwner();
    // Never analysed: the page's first read finds nothing and offers Analyze Now.
    expect(await readCalendarAnalysis(ctx, { range: "7d" })).toEqual({ analysis: null });
    expect(await readCalendarAnalysis(ctx, { range: "30d" })).toEqual({ analysis: null });
    expect((await analyzeCalendar(ctx, { range: "7d" })).scheduledPostsCount).toBe(0);
    expect((await readCalendarAnalysis(ctx, { range: "7d" })).analysis?.scheduledPostsCount).toBe(0);
    // Each range is its own: the 30-day one is still none.
    expect(await readCalendarAnalysis(ctx, { range: "30d" })).toEqual({ analysis: null });
    const [row] = await t.database.db
      .select()
      .from(brandAnalytics)
      .where(eq(brandAnalytics.brandId, ctx.brandId));
    expect(row).toMatchObject({ timeRange: "7d", data: { scheduledPostsCount: 0 } });

    await approvedAt(ctx, "2026-11-25T12:00:00Z");
    await t.database.db.insert(posts).values({ userId: ctx.userId, brandId: ctx.brandId, content: "p" });
    await updateAgentSettings(ctx, { field: "postsPerWeek", value: 1 });
    t.clock.set(new Date(NOW.getTime() + HOUR - 1000));
    // The cached analysis, with this week's count, the pending count and the target read live (so the
    // weekly target follows the posts and the settings at once).
    expect(await analyzeCalendar(ctx, { range: "7d" })).toMatchObject({
      scheduledPostsCount: 1,
      pendingPostsCount: 1,
      weeklyTarget: 1,
      contentGap: 0,
      targetMet: true,
      analyzedAt: NOW.toISOString(),
    });
    // A forced refresh (Refresh, Analyze Now) recomputes and stores it.
    const refreshedAt = new Date(NOW.getTime() + HOUR - 1000).toISOString();
    expect(await analyzeCalendar(ctx, { range: "7d", forceRefresh: true })).toMatchObject({
      scheduledPostsCount: 1,
      analyzedAt: refreshedAt,
    });
    await approvedAt(ctx, "2026-11-26T12:00:00Z");
    t.clock.set(new Date(NOW.getTime() + 3 * HOUR));
    // Two hours after the refresh: stale for the page, still fresh for the dashboard (the count is live).
    expect(await analyzeCalendar(ctx, { range: "7d", freshFor: "dashboard" })).toMatchObject({
      scheduledPostsCount: 2,
      analyzedAt: refreshedAt,
    });
    expect(await analyzeCalendar(ctx, { range: "7d" })).toMatchObject({
      scheduledPostsCount: 2,
      analyzedAt: new Date(NOW.getTime() + 3 * HOUR).toISOString(),
    });
    // Ranges are cached apart.
    const ranges = await t.database.db
      .select()
      .from(brandAnalytics)
      .where(eq(brandAnalytics.brandId, ctx.brandId));
    expect(ranges).toHaveLength(1);
    await analyzeCalendar(ctx, { range: "30d" });
    expect(
      await t.database.db.select().from(brandAnalytics).where(eq(brandAnalytics.brandId, ctx.brandId)),
    ).toHaveLength(2);
  });

  it("counts the week Sunday to Saturday in the user's saved time zone", async () => {
    const ctx = await brandOwner();
    await updateAgentSettings(ctx, { field: "timeZone", value: "America/Los_Angeles" });
    await updateAgentSettings(ctx, { field: "postsPerWeek", value: 3 });
    // In Los Angeles the week runs from Sunday 22 November 08:00 UTC to Sunday 29 November 08:00 UTC.
    await approvedAt(ctx, "2026-11-22T02:00:00Z"); // Saturday evening there: last week
    await approvedAt(ctx, "2026-11-22T07:30:00Z"); // Saturday night there: last week
    await approvedAt(ctx, "2026-11-22T08:30:00Z"); // Sunday 00:30 there
    await approvedAt(ctx, "2026-11-29T07:30:00Z"); // Saturday 23:30 there
    await approvedAt(ctx, "2026-11-29T08:30:00Z"); // next Sunday there
    expect(await analyzeCalendar(ctx, { forceRefresh: true })).toMatchObject({
      scheduledPostsCount: 2,
      weeklyTarget: 3,
      contentGap: 1,
      targetMet: false,
      utcOffsetMinutes: -480,
    });
    await updateAgentSettings(ctx, { field: "postsPerWeek", value: 2 });
    expect(await analyzeCalendar(ctx)).toMatchObject({ contentGap: 0, targetMet: true });
    // In UTC the week is Sunday 22 00:00 to Sunday 29 00:00: the first three.
    expect((await analyzeCalendar(ctx, { utcOffsetMinutes: 0 })).scheduledPostsCount).toBe(3);
  });
});

describe("learned best times", () => {
  /** Published posts with network ids; Friday 18:00 UTC ones do best. */
  async function seedPublished(ctx: BrandContext, count: number) {
    const rows = Array.from({ length: count }, (_, i) => {
      const friday = i % 2 === 0;
      const date = friday
        ? at(`2026-11-${String(6 + (i % 3) * 7).padStart(2, "0")}T18:00:00Z`)
        : at("2026-11-09T09:00:00Z");
      return {
        userId: ctx.userId,
        brandId: ctx.brandId,
        content: `post ${i}`,
        status: "approved" as const,
        scheduledDate: date,
        postedAt: date,
        externalPostId: `ext_${ctx.brandId}_${i}`,
      };
    });
    await t.database.db.insert(posts).values(rows);
    return new Map(rows.map((row, i) => [row.externalPostId, i % 2 === 0 ? 90 : 10]));
  }

  function withInsights(ctx: BrandContext, engagement: Map<string, number>): BrandContext {
    return {
      ...ctx,
      social: Object.assign(Object.create(ctx.social), {
        readPostInsights: async (request: { externalIds: string[] }) =>
          request.externalIds.flatMap((id) => {
            const value = engagement.get(id);
            return value === undefined ? [] : [{ externalId: id, engagement: value, reach: value * 20 }];
          }),
      }),
    };
  }

  it("learns the best day and time from 10 or more published posts with insights", async () => {
    const owner = await brandOwner();
    const ctx = withInsights(owner, await seedPublished(owner, 12));
    const analysis = await analyzeCalendar(ctx, { forceRefresh: true });
    expect(analysis.engagementData).toMatchObject({
      source: "learned",
      sampleSize: 12,
      // Days without posts take the average (50): no evidence either way; Monday's posts did poorly.
      bestDays: ["Friday", "Sunday", "Tuesday"],
    });
    expect(analysis.engagementData.dayOfWeek[1]).toEqual({ day: "Monday", engagement: 10 });
    expect(analysis.engagementData.bestTimes[0]).toBe("6:00 PM");
    expect(analysis.engagementData.dayOfWeek[5]).toEqual({ day: "Friday", engagement: 90 });
    expect(analysis.nextOptimalPostTime).toBe("Tomorrow at 6:00 PM");
  });

  it("keeps the spec's placeholder curve, labelled an estimate, below 10", async () => {
    const owner = await brandOwner();
    const ctx = withInsights(owner, await seedPublished(owner, 9));
    expect(await analyzeCalendar(ctx, { forceRefresh: true })).toMatchObject({
      nextOptimalPostTime: "Tomorrow at 12:00 PM",
      engagementData: {
        source: "estimate",
        sampleSize: 0,
        bestDays: ["Wednesday", "Thursday", "Tuesday"],
        bestTimes: ["12:00 PM", "5:00 PM", "10:00 AM"],
      },
    });
  });
});

describe("the scheduling agent", () => {
  it("fills exactly the gap of the next 7 days on the best open slots, as pending posts, and notifies", async () => {
    const ctx = await brandOwner("enterprise");
    await updateAgentSettings(ctx, { field: "postsPerWeek", value: 4 });
    await approvedAt(ctx, "2026-11-25T12:00:00Z"); // Wednesday noon: taken
    const result = await runSchedulingAgent(ctx);
    expect(result).toMatchObject({ ran: true, weeklyTarget: 4, planned: 1, gap: 3, postsCreated: 3 });
    const suggestions = await suggestionsOf(ctx);
    expect(suggestions).toHaveLength(3);
    // The best days at noon, skipping Wednesday's taken slot: Thursday, Tuesday, Friday.
    expect(suggestions.map((s) => s.scheduledDate?.toISOString()).sort()).toEqual([
      "2026-11-24T12:00:00.000Z",
      "2026-11-26T12:00:00.000Z",
      "2026-11-27T12:00:00.000Z",
    ]);
    const pending = await pendingPostsOf(ctx);
    expect(pending).toHaveLength(3);
    expect(suggestions.every((s) => pending.some((p) => p.id === s.postId))).toBe(true);
    // Never approved nor published by the agent.
    expect(
      (await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId)))
        .map((p) => p.status)
        .sort(),
    ).toEqual(["approved", "pending", "pending", "pending"]);
    expect((await noticesOf(ctx)).map((n) => n.message)).toEqual([
      "3 new posts are waiting for your approval",
    ]);
    // Its suggestions now hold the slots: another run finds no gap.
    expect(await runSchedulingAgent(ctx)).toMatchObject({ ran: true, planned: 4, gap: 0, postsCreated: 0 });
    expect(await pendingPostsOf(ctx)).toHaveLength(3);
  });

  it("runs once per brand and day across two instances and a restart", async () => {
    const ctx = await brandOwner("enterprise");
    const [a, b] = await Promise.all([
      fillScheduleGap(ctx, "day:2026-11-23"),
      fillScheduleGap(ctx, "day:2026-11-23"),
    ]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(await fillScheduleGap(ctx, "day:2026-11-23")).toMatchObject({ ran: false });
    expect(await pendingPostsOf(ctx)).toHaveLength(5);
    expect(
      await t.database.db.select().from(agentRuns).where(eq(agentRuns.brandId, ctx.brandId)),
    ).toHaveLength(1);
  });

  it("stops at the plan's post quota", async () => {
    const ctx = await brandOwner("enterprise");
    // Enterprise's fair-use cap is 100 posts a month; 98 are used.
    await t.database.db
      .insert(userPostUsage)
      .values({ userId: ctx.userId, month: 11, year: 2026, postsUsed: 98 });
    expect(await runSchedulingAgent(ctx)).toMatchObject({
      gap: 5,
      suggestionsCreated: 5,
      postsCreated: 2,
      stoppedByQuota: true,
    });
    expect(await pendingPostsOf(ctx)).toHaveLength(2);
    expect((await noticesOf(ctx)).map((n) => n.message)).toEqual([
      "2 new posts are waiting for your approval",
    ]);
  });

  it("runs daily at the best posting time for enabled Enterprise users only, once, and when settings change", async () => {
    const enterprise = await brandOwner("enterprise");
    await updateAgentSettings(enterprise, { field: "timeZone", value: "America/Los_Angeles" });
    await updateAgentSettings(enterprise, { field: "bestPostTime", value: "08:00" });
    // Turning it on runs it at once (a settings change).
    await updateAgentSettings(enterprise, { field: "scheduleAgentEnabled", value: true });
    expect(await pendingPostsOf(enterprise)).toHaveLength(5);
    // Raising the target runs it again for the difference only.
    await updateAgentSettings(enterprise, { field: "postsPerWeek", value: 6 });
    expect(await pendingPostsOf(enterprise)).toHaveLength(6);

    const lapsed = await brandOwner("free");
    await t.database.db.insert(stripeUserSubscriptions).values({
      userId: lapsed.userId,
      customerId: `cus_${lapsed.userId}`,
      subscriptionStatus: "active",
      priceId: "price_enterprise_monthly",
      currentPeriodEnd: new Date(NOW.getTime() + HOUR),
    });
    await updateAgentSettings(lapsed, { field: "scheduleAgentEnabled", value: true });
    const lapsedPosts = (await pendingPostsOf(lapsed)).length;
    await t.database.db
      .update(stripeUserSubscriptions)
      .set({ currentPeriodEnd: new Date(NOW.getTime() - HOUR) })
      .where(eq(stripeUserSubscriptions.userId, lapsed.userId));

    // 07:00 in Los Angeles: before the best posting time.
    expect(await runDueSchedulingAgents(t.deps)).toBe(0);
    t.clock.set(new Date(NOW.getTime() + HOUR));
    const [first, second] = await Promise.all([
      runDueSchedulingAgents(t.deps),
      runDueSchedulingAgents(t.deps),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    const runs = await t.database.db
      .select()
      .from(agentRuns)
      .where(eq(agentRuns.brandId, enterprise.brandId));
    expect(runs.filter((run) => run.runKey === "day:2026-11-23")).toHaveLength(1);
    // The plan ended: no day's run for that user, nothing new.
    const lapsedRuns = await t.database.db
      .select()
      .from(agentRuns)
      .where(eq(agentRuns.brandId, lapsed.brandId));
    expect(lapsedRuns.map((run) => run.runKey.split(":")[0])).toEqual(["settings"]);
    expect((await pendingPostsOf(lapsed)).length).toBe(lapsedPosts);
    // Turned off: the next day's sweep leaves the brand alone.
    await updateAgentSettings(enterprise, { field: "scheduleAgentEnabled", value: false });
    t.clock.set(new Date(NOW.getTime() + 25 * HOUR));
    await runDueSchedulingAgents(t.deps);
    const after = await t.database.db
      .select()
      .from(agentRuns)
      .where(eq(agentRuns.brandId, enterprise.brandId));
    expect(after.some((run) => run.runKey === "day:2026-11-24")).toBe(false);
  });
});
