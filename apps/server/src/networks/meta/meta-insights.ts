import type {
  AudienceData,
  PageInsightDay,
  PageInsights,
  PageInsightsRequest,
  PageInsightsSource,
  PostInsightDetail,
  PublishedPostRef,
} from "@smm/domain/analytics";
import { AppError } from "@smm/domain/errors";
import { type GraphClient, isGraphError } from "./meta-graph-client";
import { describeGraphFailure, type MetaBrandConnection, NOT_CONNECTED_REASON } from "./meta-network";

/**
 * Page, post and Instagram media insights through the Graph API with CURRENT metrics only (contract
 * section 4): views page_media_view, reach page_total_media_view_unique, engagement page_post_engagements,
 * follows page_daily_follows_unique and followers_count. Nothing deprecated in 2025 (page_impressions,
 * page_fans...) is asked for. Demographics: only page_follows_country, whose status is unconfirmed; when
 * Meta refuses it the audience is null and the screen says so.
 */

const PAGE_METRICS = [
  "page_media_view",
  "page_total_media_view_unique",
  "page_post_engagements",
  "page_daily_follows_unique",
] as const;
const POST_METRICS = "post_media_view,post_total_media_view_unique,post_reactions_by_type_total,post_clicks";
const IG_MEDIA_METRICS = "views,reach,likes,comments,shares,saved";
/** Post reads run a few at a time: a hundred posts must not burst Meta's per-page call budget. */
const POST_CONCURRENCY = 4;
const DAY_MS = 86_400_000;

interface InsightValue {
  value: number | Record<string, number>;
  end_time?: string;
}
interface InsightsAnswer {
  data: { name: string; values: InsightValue[] }[];
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const numberOf = (value: InsightValue["value"] | undefined) =>
  typeof value === "number" ? value : value ? Object.values(value).reduce((a, b) => a + b, 0) : 0;
/** A daily value's end_time is the end of the day it counts (Meta's midnight): the day before it. */
const dayOf = (endTime: string) => new Date(new Date(endTime).getTime() - DAY_MS).toISOString().slice(0, 10);

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}

export function createMetaInsightsReader(options: {
  graph: GraphClient;
  loadConnection(userId: string, brandId: string): Promise<MetaBrandConnection | null>;
  onTokenExpired(userId: string, brandId: string): Promise<void>;
}): PageInsightsSource {
  const { graph } = options;

  async function pageDays(
    connection: MetaBrandConnection,
    since: Date,
    until: Date,
  ): Promise<PageInsightDay[]> {
    const answer = await graph.call<InsightsAnswer>({
      method: "GET",
      path: `/${connection.pageId}/insights`,
      token: connection.pageToken,
      params: { metric: PAGE_METRICS.join(","), period: "day", since: unix(since), until: unix(until) },
    });
    const days = new Map<string, PageInsightDay>();
    const field = {
      page_media_view: "views",
      page_total_media_view_unique: "reach",
      page_post_engagements: "engagements",
      page_daily_follows_unique: "follows",
    } as const;
    for (const metric of answer.data) {
      const key = field[metric.name as keyof typeof field];
      if (!key) continue;
      for (const value of metric.values) {
        if (!value.end_time) continue;
        const date = dayOf(value.end_time);
        const day = days.get(date) ?? { date, views: 0, reach: 0, engagements: 0, follows: 0 };
        day[key] += numberOf(value.value);
        days.set(date, day);
      }
    }
    return [...days.values()];
  }

  async function facebookPost(connection: MetaBrandConnection, id: string): Promise<PostInsightDetail> {
    const [insights, counts] = await Promise.all([
      graph.call<InsightsAnswer>({
        method: "GET",
        path: `/${id}/insights`,
        token: connection.pageToken,
        params: { metric: POST_METRICS },
      }),
      graph.call<{ shares?: { count: number }; comments?: { summary?: { total_count: number } } }>({
        method: "GET",
        path: `/${id}`,
        token: connection.pageToken,
        params: { fields: "shares,comments.limit(0).summary(true)" },
      }),
    ]);
    const metric = (name: string) => numberOf(insights.data.find((m) => m.name === name)?.values[0]?.value);
    return {
      externalId: id,
      views: metric("post_media_view"),
      reach: metric("post_total_media_view_unique"),
      likes: metric("post_reactions_by_type_total"),
      comments: counts.comments?.summary?.total_count ?? 0,
      shares: counts.shares?.count ?? 0,
      clicks: metric("post_clicks"),
    };
  }

  async function instagramMedia(connection: MetaBrandConnection, id: string): Promise<PostInsightDetail> {
    const insights = await graph.call<InsightsAnswer>({
      method: "GET",
      path: `/${id}/insights`,
      token: connection.pageToken,
      params: { metric: IG_MEDIA_METRICS },
    });
    const metric = (name: string) => numberOf(insights.data.find((m) => m.name === name)?.values[0]?.value);
    // Instagram has no link clicks on a feed post; saves are its nearest "acted on it" signal.
    return {
      externalId: id,
      views: metric("views"),
      reach: metric("reach"),
      likes: metric("likes"),
      comments: metric("comments"),
      shares: metric("shares"),
      clicks: metric("saved"),
    };
  }

  /** Top countries by follows, as percentages; null when Meta refuses the (unconfirmed) metric. */
  async function audience(connection: MetaBrandConnection): Promise<AudienceData | null> {
    try {
      const answer = await graph.call<InsightsAnswer>({
        method: "GET",
        path: `/${connection.pageId}/insights`,
        token: connection.pageToken,
        params: { metric: "page_follows_country", period: "lifetime" },
      });
      const value = answer.data[0]?.values.at(-1)?.value;
      if (!value || typeof value === "number") return null;
      const total = Object.values(value).reduce((a, b) => a + b, 0);
      if (total === 0) return null;
      const locations = Object.entries(value)
        .map(([country, follows]) => ({ country, percentage: Math.round((follows / total) * 1000) / 10 }))
        .sort((a, b) => b.percentage - a.percentage);
      return { ageRanges: [], gender: null, locations };
    } catch (error) {
      if (isGraphError(error) && error.kind === "rejected") return null;
      throw error;
    }
  }

  /** An account's followers_count: the page's, or its Instagram account's. */
  async function followersOf(connection: MetaBrandConnection, accountId: string): Promise<number> {
    const answer = await graph.call<{ followers_count?: number }>({
      method: "GET",
      path: `/${accountId}`,
      token: connection.pageToken,
      params: { fields: "followers_count" },
    });
    return answer.followers_count ?? 0;
  }

  async function read(connection: MetaBrandConnection, request: PageInsightsRequest): Promise<PageInsights> {
    const wantsPage = request.platform !== "instagram";
    // Page Fans follows the filter: the page's followers, its Instagram account's, or both.
    const followerAccounts = [
      ...(wantsPage ? [connection.pageId] : []),
      ...(request.platform !== "facebook" && connection.instagramAccountId
        ? [connection.instagramAccountId]
        : []),
    ];
    const [days, followerCounts, details, audienceData] = await Promise.all([
      wantsPage ? pageDays(connection, request.since, request.until) : Promise.resolve([]),
      Promise.all(followerAccounts.map((account) => followersOf(connection, account))),
      inBatches(request.posts, POST_CONCURRENCY, (post: PublishedPostRef) =>
        post.platform === "instagram"
          ? instagramMedia(connection, post.externalId)
          : facebookPost(connection, post.externalId),
      ),
      audience(connection),
    ]);
    // The page's metrics do not count Instagram: its posts' numbers join the days they went out on.
    const byDate = new Map(days.map((day) => [day.date, day]));
    request.posts.forEach((post, index) => {
      const detail = details[index];
      if (post.platform !== "instagram" || !detail) return;
      const date = post.publishedAt.toISOString().slice(0, 10);
      const day = byDate.get(date) ?? { date, views: 0, reach: 0, engagements: 0, follows: 0 };
      day.views += detail.views;
      day.reach += detail.reach;
      day.engagements += detail.likes + detail.comments + detail.shares + detail.clicks;
      byDate.set(date, day);
    });
    return {
      days: [...byDate.values()],
      followers: followerCounts.reduce((total, followers) => total + followers, 0),
      posts: details,
      audience: audienceData,
    };
  }

  return {
    async readPageInsights(request) {
      const connection = await options.loadConnection(request.userId, request.brandId);
      if (!connection) throw new AppError("upstream_failed", NOT_CONNECTED_REASON);
      try {
        return await read(connection, request);
      } catch (error) {
        if (!isGraphError(error)) throw error;
        if (error.kind === "token_expired") await options.onTokenExpired(request.userId, request.brandId);
        throw new AppError(
          "upstream_failed",
          error.kind === "rejected"
            ? `Failed to fetch Facebook insights: ${error.message}`
            : describeGraphFailure(error),
        );
      }
    },
  };
}
