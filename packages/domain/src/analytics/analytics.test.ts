import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { AppError } from "../errors";
import { approvePost } from "../posts/approve-post";
import { publishPostNow } from "../posts/publish-post-now";
import { getAnalytics } from "./get-analytics";
import {
  type AnalyticsView,
  abbreviateNumber,
  analyticsView,
  engagementRateOf,
  engagementRateTone,
} from "./schemas";

const NOW = new Date("2026-11-23T15:00:00.000Z");
const DAY = 86_400_000;

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

async function owner(): Promise<BrandContext> {
  const userId = await t.createUser();
  await createBrand(t.as(userId), { name: "Bean There" });
  return resolveBrand(t.as(userId));
}

/** Publishes a post through the sandbox network `daysAgo` days before NOW, as the publish job would. */
async function publish(
  ctx: BrandContext,
  daysAgo: number,
  platform: "facebook" | "instagram" = "facebook",
  content = "Our autumn blend is back: cinnamon, clove and a little orange peel. Come taste it!",
) {
  const at = new Date(NOW.getTime() - daysAgo * DAY);
  t.clock.set(at);
  const postId = crypto.randomUUID();
  const { externalId } = await ctx.social.publish({
    userId: ctx.userId,
    brandId: ctx.brandId,
    postId,
    platform,
    content,
    imageUrl: "/media/x.png",
  });
  await t.database.db.insert(posts).values({
    id: postId,
    userId: ctx.userId,
    brandId: ctx.brandId,
    content,
    platform,
    imageUrl: "/media/x.png",
    status: "approved",
    externalPostId: externalId,
    publishedVia: "sandbox",
    postedAt: at,
    updatedAt: at,
  });
  t.clock.set(NOW);
  return postId;
}

/** Publishes a new post through the app's own path (approve, Post now) at the clock's time. */
async function publishNow(ctx: BrandContext) {
  const [row] = await t.database.db
    .insert(posts)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      content: "Fresh out of the oven",
      status: "pending",
      // The row's version on the test's clock, not the database's.
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning();
  if (!row) throw new Error("insert failed");
  await approvePost(ctx, { postId: row.id });
  await publishPostNow(ctx, { postId: row.id });
}

/** The Engagement Breakdown card explains the Total Engagement card: its parts add up to it. */
function expectBreakdownExplainsTotal(view: AnalyticsView) {
  const { likes, comments, shares, clicks, other, total } = view.breakdown;
  expect(total).toBe(view.metrics.totalEngagement);
  expect(other).toBeGreaterThanOrEqual(0);
  expect(likes + comments + shares + clicks + other).toBe(total);
}

describe("getAnalytics on the sandbox network", () => {
  it("reports the range's posts with insights, totals, breakdown, audience, a daily series and the previous period", async () => {
    const ctx = await owner();
    await publish(ctx, 2);
    await publish(ctx, 5, "instagram");
    await publish(ctx, 20);
    await publish(ctx, 40); // the previous 30 days

    const view = await getAnalytics(ctx, {});
    // The declared output (the route's, the tool's and MCP's schema) holds for a real answer.
    expect(analyticsView.safeParse(view).error).toBeUndefined();
    expect(view.range).toBe("30d");
    expect(view.platform).toBe("all");
    expect(view.network).toBe("sandbox");
    expect(view.fromCache).toBe(false);
    expect(view.totalPosts).toBe(3);
    expect(view.posts).toHaveLength(3);
    expect(view.previous.posts).toBe(1);
    // Newest first, each with plausible numbers whose engagement is the sum of its parts.
    expect(view.posts.map((post) => post.publishedAt)).toEqual(
      [2, 5, 20].map((d) => new Date(NOW.getTime() - d * DAY).toISOString()),
    );
    for (const post of view.posts) {
      expect(post.engagement).toBeGreaterThan(0);
      expect(post.reach).toBeGreaterThanOrEqual(post.engagement * 15);
      expect(post.likes + post.comments + post.shares + post.clicks).toBe(post.engagement);
      expect(post.engagementRate).toBe(engagementRateOf(post.engagement, post.reach));
    }
    expectBreakdownExplainsTotal(view);
    expect(
      view.breakdown.likes + view.breakdown.comments + view.breakdown.shares + view.breakdown.clicks,
    ).toBe(view.posts.reduce((sum, post) => sum + post.engagement, 0));
    expect(view.bestPost?.engagement).toBe(Math.max(...view.posts.map((post) => post.engagement)));
    expect(view.daily).toHaveLength(30);
    expect(view.daily.reduce((sum, day) => sum + day.reach, 0)).toBe(view.metrics.totalReach);
    // The page's reach includes the posts' and the previous period had less going on.
    expect(view.metrics.totalReach).toBeGreaterThan(
      view.posts.reduce((sum, post) => sum + post.reach, 0) * 0.5,
    );
    expect(view.metrics.totalReach).toBeGreaterThan(view.previous.reach);
    expect(view.metrics.pageFans).toBeGreaterThan(0);
    expect(view.audience?.ageRanges).toHaveLength(7);
    expect(view.audience?.gender?.male).toBeGreaterThan(0);
    expect(view.audience?.locations.length).toBeGreaterThan(5);

    // Deterministic: a refresh gives the same numbers.
    const again = await getAnalytics(ctx, { refresh: true });
    expect(analyticsView.safeParse(again).error).toBeUndefined();
    expect(again.posts).toEqual(view.posts);
    expect(again.metrics).toEqual(view.metrics);
  });

  it("filters by range and platform", async () => {
    const ctx = await owner();
    await publish(ctx, 1, "facebook");
    await publish(ctx, 3, "instagram");
    await publish(ctx, 10, "instagram");
    await publish(ctx, 60, "facebook");

    expect((await getAnalytics(ctx, { range: "7d" })).totalPosts).toBe(2);
    expect((await getAnalytics(ctx, { range: "7d" })).daily).toHaveLength(7);
    expect((await getAnalytics(ctx, { range: "90d" })).totalPosts).toBe(4);
    const instagram = await getAnalytics(ctx, { range: "30d", platform: "instagram" });
    expect(instagram.posts.map((post) => post.platform)).toEqual(["instagram", "instagram"]);
    const facebook = await getAnalytics(ctx, { range: "30d", platform: "facebook" });
    expect(facebook.posts.map((post) => post.platform)).toEqual(["facebook"]);
    expect(facebook.metrics.totalReach).toBeLessThan(
      (await getAnalytics(ctx, { range: "30d", platform: "all" })).metrics.totalReach,
    );
  });

  it("serves the cache for an hour, then reads again; refresh reads at once", async () => {
    const ctx = await owner();
    await publish(ctx, 2);
    const first = await getAnalytics(ctx, { range: "7d" });
    expect(first.totalPosts).toBe(1);

    t.clock.set(new Date(NOW.getTime() + 10 * 60_000));
    const cached = await getAnalytics(ctx, { range: "7d" });
    expect(cached.fromCache).toBe(true);
    expect(cached.updatedAt).toBe(first.updatedAt);

    const refreshed = await getAnalytics(ctx, { range: "7d", refresh: true });
    expect(refreshed.fromCache).toBe(false);
    expect(refreshed.updatedAt).not.toBe(first.updatedAt);

    t.clock.set(new Date(NOW.getTime() + 69 * 60_000));
    expect((await getAnalytics(ctx, { range: "7d" })).fromCache).toBe(true);
    t.clock.set(new Date(NOW.getTime() + 71 * 60_000));
    expect((await getAnalytics(ctx, { range: "7d" })).fromCache).toBe(false);
  });

  it("does not serve a cache made before a post of the range was published", async () => {
    const ctx = await owner();
    await publish(ctx, 2);
    const first = await getAnalytics(ctx, { range: "7d" });
    expect(first.totalPosts).toBe(1);
    // Another range or platform is its own cache entry.
    expect((await getAnalytics(ctx, { range: "7d", platform: "facebook" })).fromCache).toBe(false);

    t.clock.set(new Date(NOW.getTime() + 5 * 60_000));
    await publishNow(ctx);
    t.clock.set(new Date(NOW.getTime() + 6 * 60_000));
    const after = await getAnalytics(ctx, { range: "7d" });
    expect(after.fromCache).toBe(false);
    expect(after.totalPosts).toBe(2);
    expect((await getAnalytics(ctx, { range: "7d", platform: "facebook" })).totalPosts).toBe(2);
    // Nothing new since: the cache holds again.
    expect((await getAnalytics(ctx, { range: "7d" })).fromCache).toBe(true);
  });

  it("answers no posts and no best post for a brand with nothing published; the page's own engagement is Other", async () => {
    const ctx = await owner();
    const view = await getAnalytics(ctx, { range: "30d" });
    expect(view.posts).toEqual([]);
    expect(view.bestPost).toBeNull();
    expect(view.pageConnected).toBe(false);
    // The page still had a little engagement of its own: the breakdown says where it is, not 0 of 48.
    expect(view.metrics.totalEngagement).toBeGreaterThan(0);
    expect(view.breakdown).toMatchObject({ likes: 0, comments: 0, shares: 0, clicks: 0 });
    expect(view.breakdown.other).toBe(view.metrics.totalEngagement);
    expectBreakdownExplainsTotal(view);
  });

  it("never shows a post with more reach or engagement than its page, however fresh or old in the range", async () => {
    const ctx = await owner();
    // One just out (only its first day counted so far), one from the range's first hours, one mid-range.
    await publish(ctx, 0.01);
    await publish(ctx, 6.95, "instagram");
    await publish(ctx, 29.95);
    await publish(ctx, 3);
    for (const range of ["7d", "30d", "90d"] as const) {
      for (const platform of ["all", "facebook", "instagram"] as const) {
        const view = await getAnalytics(ctx, { range, platform, refresh: true });
        expect(view.posts.length).toBeGreaterThan(0);
        for (const post of view.posts) expect(post.reach).toBeLessThanOrEqual(view.metrics.totalReach);
        const postEngagement = view.posts.reduce((sum, post) => sum + post.engagement, 0);
        expect(postEngagement).toBeLessThanOrEqual(view.metrics.totalEngagement);
        expectBreakdownExplainsTotal(view);
        // The sandbox's own numbers agree without correction: its days count what its posts show.
        expect(view.daily.reduce((sum, day) => sum + day.reach, 0)).toBe(view.metrics.totalReach);
      }
    }
  });

  it("gives each platform its own numbers, even with nothing published", async () => {
    const empty = await owner();
    const numbers = async (ctx: BrandContext, platform: "all" | "facebook" | "instagram") =>
      (await getAnalytics(ctx, { range: "30d", platform })).metrics;
    const all = await numbers(empty, "all");
    const facebook = await numbers(empty, "facebook");
    const instagram = await numbers(empty, "instagram");
    expect(facebook.totalReach).not.toBe(all.totalReach);
    expect(instagram.totalReach).not.toBe(all.totalReach);
    expect(facebook.totalReach + instagram.totalReach).toBe(all.totalReach);
    expect(facebook.pageFans + instagram.pageFans).toBe(all.pageFans);

    const busy = await owner();
    await publish(busy, 1, "facebook");
    await publish(busy, 2, "instagram");
    const busyAll = await numbers(busy, "all");
    const busyFacebook = await numbers(busy, "facebook");
    const busyInstagram = await numbers(busy, "instagram");
    expect(busyFacebook.totalEngagement + busyInstagram.totalEngagement).toBe(busyAll.totalEngagement);
    expect(busyFacebook.totalReach).toBeLessThan(busyAll.totalReach);
    expect(busyInstagram.totalReach).toBeLessThan(busyAll.totalReach);
  });

  it("refuses another user's brand as not found, and bad input as invalid", async () => {
    const mine = await owner();
    const theirs = await owner();
    await publish(theirs, 1);
    await getAnalytics(theirs, {});
    await expect(getAnalytics({ ...mine, brandId: theirs.brandId }, {})).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getAnalytics(mine, { range: "365d" } as never)).rejects.toMatchObject({
      code: "invalid_input",
    });
  });
});

describe("getAnalytics when the network cannot answer", () => {
  it("says 'Failed to fetch analytics data' without an insights source, and the network's words when it fails", async () => {
    const ctx = await owner();
    const {
      readPageInsights: _drop,
      readPostInsights: _also,
      ...withoutInsights
    } = ctx.social as typeof ctx.social & {
      readPageInsights?: unknown;
      readPostInsights?: unknown;
    };
    await expect(getAnalytics({ ...ctx, social: withoutInsights }, {})).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Failed to fetch analytics data",
    });
    const failing = (error: Error) => ({
      ...ctx,
      social: Object.assign(Object.create(ctx.social), {
        readPageInsights: async () => {
          throw error;
        },
      }),
    });
    await expect(getAnalytics(failing(new Error("socket hang up")), { refresh: true })).rejects.toMatchObject(
      {
        code: "upstream_failed",
        message: "Failed to fetch Facebook insights",
      },
    );
    await expect(
      getAnalytics(failing(new AppError("upstream_failed", "Missing Facebook page ID or token")), {
        refresh: true,
      }),
    ).rejects.toMatchObject({ message: "Missing Facebook page ID or token" });
  });
});

describe("analytics numbers as the cards show them", () => {
  it("abbreviates to K and M with one decimal, rates with 2 decimals, N/A at zero reach", () => {
    expect(abbreviateNumber(999)).toBe("999");
    expect(abbreviateNumber(1000)).toBe("1.0K");
    expect(abbreviateNumber(15_430)).toBe("15.4K");
    expect(abbreviateNumber(2_500_000)).toBe("2.5M");
    expect(engagementRateOf(1, 3)).toBe(33.33);
    expect(engagementRateOf(5, 0)).toBeNull();
    expect(engagementRateTone(5.01)).toBe("green");
    expect(engagementRateTone(5)).toBe("yellow");
    expect(engagementRateTone(2)).toBe("red");
    expect(engagementRateTone(null)).toBe("none");
  });
});
