import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getAnalytics } from "@smm/domain/analytics";
import { createBrand } from "@smm/domain/brands";
import type { BrandContext } from "@smm/domain/context";
import { posts, socialConnections } from "@smm/domain/db/schema";
import { approvePost, publishPostNow } from "@smm/domain/posts";
import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { createTestSocialSetup, TEST_TOKEN_KEY } from "@smm/test-support/meta-social";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";
import { createTokenVault } from "./token-vault";

/*
 * getAnalytics through the app's real network wiring (networks/setup.ts: the registry and the channel router): a brand connected
 * through Meta reads the fake Graph API's current metrics and its posts' insights, with no demographics; a
 * sandbox brand reads the sandbox's model. The cache never mixes the two.
 */

const KEY = TEST_TOKEN_KEY;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
  t = await createDomainTestContext();
  dataDir = mkdtempSync(join(tmpdir(), "analytics-network-"));
  const setup = await createTestSocialSetup({
    fake,
    db: t.database.db,
    events: t.events,
    now: t.clock.now,
    dataDir,
  });
  t.deps.social = setup.social;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function connectedBrand(network: "sandbox" | "meta"): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: `Analytics on ${network}` });
  const page = [...fake.pages.values()][0];
  if (!page) throw new Error("fake has no page");
  const vault = createTokenVault(Buffer.from(KEY, "hex"));
  await t.database.db.insert(socialConnections).values({
    userId,
    brandId: brand.id,
    provider: "facebook",
    externalAccountId: network === "meta" ? page.id : "sandbox-page-1",
    name: network === "meta" ? page.name : "Sandbox page",
    encryptedToken: vault.seal(network === "meta" ? page.token : "sandbox-token"),
    network,
  });
  return { ...t.as(userId), brandId: brand.id };
}

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
