import type { PublishedPostRef } from "@smm/domain/analytics";
import { AppError } from "@smm/domain/errors";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../../tests/fakes/meta-graph-server";
import { createLogger } from "../../lib/logger";
import { createGraphClient } from "./meta-graph-client";
import { createMetaInsightsReader } from "./meta-insights";
import { createMetaNetwork, type MetaBrandConnection } from "./meta-network";

/*
 * Page, post and Instagram media insights against the fake Graph API over HTTP (contract section 4): only
 * current metrics are asked for (the fake refuses deprecated ones, as Meta does), a missing demographic
 * gives a null audience, and Meta's errors become the product's messages.
 */

let fake: FakeMetaGraphServer;
beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.insights.followsByCountry = null;
});

const PAGE_ID = "10100000000";
const DAY = 86_400_000;
const graph = () =>
  createGraphClient({
    graphUrl: fake.url,
    version: "v25.0",
    timeoutMs: 2000,
    retryDelayMs: 1,
    sleep: async () => {},
  });

function setup() {
  const expired: string[] = [];
  const connection = (): MetaBrandConnection => {
    const page = fake.pages.get(PAGE_ID);
    if (!page) throw new Error("fake page missing");
    return { pageId: page.id, pageToken: page.token, instagramAccountId: page.instagramAccountId };
  };
  const loadConnection = async (_userId: string, brandId: string) =>
    brandId === "unconnected" ? null : connection();
  const onTokenExpired = async (_userId: string, brandId: string) => {
    expired.push(brandId);
  };
  const network = createMetaNetwork({
    graph: graph(),
    publicUrl: "https://app.example.com",
    loadConnection,
    readPost: async () => null,
    onTokenExpired,
    containerPoll: { initialDelayMs: 1, attempts: 5 },
    logger: createLogger("silent"),
  });
  const insights = createMetaInsightsReader({ graph: graph(), loadConnection, onTokenExpired });
  return { network, insights, expired };
}

async function publishTwo(network: ReturnType<typeof setup>["network"]): Promise<PublishedPostRef[]> {
  const base = { userId: "user-1", brandId: "brand-1", imageUrl: "https://cdn.example.com/a.png" };
  const facebook = await network.publish({
    ...base,
    postId: "p1",
    platform: "facebook",
    content: `Autumn ${Math.random()}`,
  });
  const instagram = await network.publish({
    ...base,
    postId: "p2",
    platform: "instagram",
    content: `Latte ${Math.random()}`,
  });
  const now = new Date();
  return [
    { externalId: facebook.externalId, platform: "facebook", content: "a", hasImage: true, publishedAt: now },
    {
      externalId: instagram.externalId,
      platform: "instagram",
      content: "b",
      hasImage: true,
      publishedAt: now,
    },
  ];
}

describe("Meta insights over the fake Graph API", () => {
  it("reads the page's current metrics per day, followers, and each post's and media's insights", async () => {
    const { network, insights } = setup();
    const posts = await publishTwo(network);
    fake.requests.length = 0;
    const until = new Date();
    const since = new Date(until.getTime() - 7 * DAY);
    const result = await insights.readPageInsights({
      userId: "user-1",
      brandId: "brand-1",
      since,
      until,
      platform: "all",
      posts,
    });

    const pageCall = fake.requests.find(
      (r) => r.path === `/${PAGE_ID}/insights` && r.params.period === "day",
    );
    expect(pageCall?.params.metric).toBe(
      "page_media_view,page_total_media_view_unique,page_post_engagements,page_daily_follows_unique",
    );
    // Nothing deprecated in 2025 is asked for.
    const asked = fake.requests.map((r) => r.params.metric ?? "").join(",");
    expect(asked).not.toMatch(/page_impressions|page_fans|post_impressions|page_engaged_users/);
    expect(fake.requests.some((r) => r.path === `/${posts[0]?.externalId}/insights`)).toBe(true);
    expect(fake.requests.find((r) => r.path === `/${posts[1]?.externalId}/insights`)?.params.metric).toBe(
      "views,reach,likes,comments,shares,saved",
    );

    // Page Fans for "all": the page's followers and its Instagram account's.
    expect(result.followers).toBe(1500 + 900);
    expect(result.days.length).toBeGreaterThanOrEqual(7);
    const pageDay = result.days.find((day) => day.reach === 200);
    expect(pageDay).toMatchObject({ views: 300, engagements: 25, follows: 3 });
    expect(result.posts).toHaveLength(2);
    for (const post of result.posts) {
      expect(post.reach).toBeGreaterThanOrEqual(600);
      expect(post.likes).toBeGreaterThan(0);
    }
    // Reactions of every type count as likes.
    expect(result.posts[0]?.likes).toBeGreaterThanOrEqual(20);
    // No demographics from Meta: the audience is null, and the screen says 'No audience data available'.
    expect(result.audience).toBeNull();
  });

  it("filters by platform: the page's days and followers for Facebook, the Instagram account's for Instagram", async () => {
    const { network, insights } = setup();
    const posts = await publishTwo(network);
    const until = new Date();
    const read = (platform: "all" | "facebook" | "instagram") =>
      insights.readPageInsights({
        userId: "user-1",
        brandId: "brand-1",
        since: new Date(until.getTime() - 7 * DAY),
        until,
        platform,
        // The domain asks only about the filter's posts.
        posts: posts.filter((post) => platform === "all" || post.platform === platform),
      });
    const [all, facebook, instagram] = await Promise.all([read("all"), read("facebook"), read("instagram")]);
    const reachOf = (result: typeof all) => result.days.reduce((sum, day) => sum + day.reach, 0);
    expect(facebook.followers).toBe(1500);
    expect(instagram.followers).toBe(900);
    expect(all.followers).toBe(2400);
    expect(reachOf(facebook)).toBeGreaterThanOrEqual(7 * 200);
    // Instagram's numbers are its media's: the Facebook page's metrics do not count it.
    expect(reachOf(instagram)).toBe(instagram.posts[0]?.reach);
    expect(reachOf(all)).toBe(reachOf(facebook) + reachOf(instagram));
  });

  it("gives the top locations when page_follows_country answers", async () => {
    const { insights } = setup();
    fake.insights.followsByCountry = { US: 600, GB: 300, DE: 100 };
    const until = new Date();
    const result = await insights.readPageInsights({
      userId: "user-1",
      brandId: "brand-1",
      since: new Date(until.getTime() - 30 * DAY),
      until,
      platform: "facebook",
      posts: [],
    });
    expect(result.audience).toEqual({
      ageRanges: [],
      gender: null,
      locations: [
        { country: "US", percentage: 60 },
        { country: "GB", percentage: 30 },
        { country: "DE", percentage: 10 },
      ],
    });
    expect(result.days.reduce((sum, day) => sum + day.reach, 0)).toBe(30 * 200);
  });

  it("turns Meta's refusals into the product's messages and an expired token into a reconnect", async () => {
    const { insights, expired } = setup();
    const request = {
      userId: "user-1",
      brandId: "brand-1",
      since: new Date(Date.now() - 7 * DAY),
      until: new Date(),
      platform: "all" as const,
      posts: [],
    };
    fake.failNext({ path: /\/insights$/ }, { status: 400, code: 100, message: "(#100) Invalid metric" });
    await expect(insights.readPageInsights(request)).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Failed to fetch Facebook insights: (#100) Invalid metric",
    });
    fake.failNext(
      { path: /\/insights$/ },
      { status: 400, code: 190, message: "Invalid OAuth access token." },
    );
    const error = await insights.readPageInsights(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain("reconnect your page in Settings");
    expect(expired).toEqual(["brand-1"]);
    await expect(insights.readPageInsights({ ...request, brandId: "unconnected" })).rejects.toMatchObject({
      message: "Missing Facebook page ID or token",
    });
  });
});
