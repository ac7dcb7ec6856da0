import { getAnalytics } from "@smm/domain/analytics";
import type { BrandContext } from "@smm/domain/context";
import { posts } from "@smm/domain/db/schema";
import { approvePost, publishPostNow } from "@smm/domain/posts";
import type { DomainTestContext } from "@smm/test-support/domain";
import { connectPageBrand, type MetaTestWorld, startMetaTestWorld } from "@smm/test-support/meta-social";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMetaGraphServer } from "../../../../tests/fakes/meta-graph-server";

/*
 * getAnalytics through the app's real network wiring (networks/setup.ts: the registry and the channel router): a brand connected
 * through Meta reads the fake Graph API's current metrics and its posts' insights, with no demographics; a
 * sandbox brand reads the sandbox's model. The cache never mixes the two.
 */

let world: MetaTestWorld;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;

beforeAll(async () => {
  world = await startMetaTestWorld("analytics-network");
  ({ fake, t } = world);
});
afterAll(async () => {
  await world?.close();
});

const connectedBrand = (network: "sandbox" | "meta") =>
  connectPageBrand(t, fake, network, `Analytics on ${network}`);

async function publishOne(ctx: BrandContext, content: string) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ userId: ctx.userId, brandId: ctx.brandId, content, status: "pending" })
    .returning();
  if (!row) throw new Error("insert failed");
  await approvePost(ctx, { postId: row.id });
  await publishPostNow(ctx, { postId: row.id });
}

describe("getAnalytics through the routed network", () => {
  it("reads a Meta brand's page and post insights from the Graph API, without demographics", async () => {
    const ctx = await connectedBrand("meta");
    await publishOne(ctx, `Meta analytics ${Math.random()}`);
    fake.requests.length = 0;
    const view = await getAnalytics(ctx, { range: "7d" });
    expect(view.network).toBe("meta");
    expect(view.pageConnected).toBe(true);
    expect(view.totalPosts).toBe(1);
    expect(view.posts[0]?.reach).toBeGreaterThanOrEqual(600);
    expect(view.metrics.pageFans).toBe(1500);
    expect(view.metrics.totalReach).toBeGreaterThanOrEqual(7 * 200);
    expect(view.audience).toBeNull();
    expect(fake.requests.some((r) => r.path.endsWith("/insights") && r.params.period === "day")).toBe(true);
  });

  it("never shows a Meta post reaching more people than its page, and explains the engagement total", async () => {
    const ctx = await connectedBrand("meta");
    await publishOne(ctx, `Meta sums ${Math.random()}`);
    // Meta counts a post over its lifetime and the page per day: a quiet week's page numbers can be lower
    // than one post's.
    const daily = { ...fake.insights.daily };
    fake.insights.daily.page_total_media_view_unique = 50;
    fake.insights.daily.page_post_engagements = 1;
    try {
      const view = await getAnalytics(ctx, { range: "7d" });
      expect(view.posts).toHaveLength(1);
      for (const post of view.posts) expect(post.reach).toBeLessThanOrEqual(view.metrics.totalReach);
      const { likes, comments, shares, clicks, other, total } = view.breakdown;
      expect(total).toBe(view.metrics.totalEngagement);
      expect(other).toBeGreaterThanOrEqual(0);
      expect(likes + comments + shares + clicks + other).toBe(total);
    } finally {
      fake.insights.daily = daily;
    }
  });

  it("reads a sandbox brand's numbers from the sandbox, never from Meta", async () => {
    const ctx = await connectedBrand("sandbox");
    await publishOne(ctx, `Sandbox analytics ${Math.random()}`);
    fake.requests.length = 0;
    const view = await getAnalytics(ctx, { range: "7d" });
    expect(view.network).toBe("sandbox");
    expect(view.totalPosts).toBe(1);
    expect(view.audience?.ageRanges.length).toBeGreaterThan(0);
    expect(fake.requests).toEqual([]);
  });
});
