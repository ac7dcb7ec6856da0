import { and, count, desc, eq, gte, inArray, isNotNull, lt, max } from "drizzle-orm";
import { requireUserBrand } from "../brands/brand";
import type { BrandContext } from "../context";
import { brandPageInsights, posts, socialConnections } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { asMetaNetwork, isMetaPlatform, metaPlatforms } from "../posts/messages";
import { declareUseCase } from "../use-case";
import {
  type PageInsights,
  type PageInsightsSource,
  type PublishedPostRef,
  pageInsightsSourceOf,
} from "./insights-source";
import {
  ANALYTICS_FETCH_FAILED,
  ANALYTICS_FRESH_MS,
  ANALYTICS_GENERIC_ERROR,
  type AnalyticsDay,
  type AnalyticsView,
  analyticsView,
  engagementRateOf,
  type GetAnalyticsInput,
  getAnalyticsInput,
  MAX_ANALYTICS_POSTS,
  type PeriodTotals,
  type PostAnalytics,
  RANGE_DAYS,
} from "./schemas";

export { type GetAnalyticsInput, getAnalyticsInput };

const DAY_MS = 86_400_000;

/**
 * The analytics dashboard (connections spec): the page's reach, views, engagements and follows over the
 * range, the brand's published posts with their insights, the engagement breakdown, the audience (null when
 * the network gives none), a daily series and the previous period's totals. Read through the brand's
 * network (the sandbox's seeded model, or Meta's current metrics) and cached per brand, range and platform
 * for an hour; `refresh` reads again.
 */
export async function getAnalytics(ctx: BrandContext, input: GetAnalyticsInput = {}): Promise<AnalyticsView> {
  const { range, platform, refresh } = parseInput(getAnalyticsInput, input);
  const now = ctx.now();
  // The cache is keyed by brand: a context naming another user's brand must not reach it.
  await requireUserBrand(ctx.db, ctx.userId, ctx.brandId);
  const [connection] = await ctx.db
    .select({ network: socialConnections.network })
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.userId, ctx.userId),
        eq(socialConnections.brandId, ctx.brandId),
        eq(socialConnections.provider, "facebook"),
      ),
    );
  const network = asMetaNetwork(connection?.network ?? "sandbox");
  const key = and(
    eq(brandPageInsights.brandId, ctx.brandId),
    eq(brandPageInsights.timeRange, range),
    eq(brandPageInsights.platform, platform),
  );
  if (!refresh) {
    const [cached] = await ctx.db
      .select({ data: brandPageInsights.data, updatedAt: brandPageInsights.updatedAt })
      .from(brandPageInsights)
      .where(key);
    // A cache made against another network (the page was connected or disconnected since), or before a
    // post of the range was published, changed or removed, is not reused: a publish shows at once.
    if (
      cached &&
      cached.data.network === network &&
      now.getTime() - cached.updatedAt.getTime() < ANALYTICS_FRESH_MS &&
      (await cacheStillHolds(ctx, cached, { range, platform, network, now }))
    ) {
      return withImageLinks(ctx, { ...cached.data, pageConnected: Boolean(connection), fromCache: true });
    }
  }

  const source = pageInsightsSourceOf(ctx.social);
  if (!source) throw new AppError("upstream_failed", ANALYTICS_GENERIC_ERROR);
  const view = await computeAnalytics(ctx, source, { range, platform, network, now });
  const data = { ...view, pageConnected: Boolean(connection), fromCache: false };
  await ctx.db
    .insert(brandPageInsights)
    .values({ brandId: ctx.brandId, timeRange: range, platform, data, updatedAt: now })
    .onConflictDoUpdate({
      target: [brandPageInsights.brandId, brandPageInsights.timeRange, brandPageInsights.platform],
      set: { data, updatedAt: now },
    });
  return withImageLinks(ctx, data);
}

/**
 * Whether the range's published posts are the ones the cache counted: the same number, none published or
 * changed after it was made.
 */
async function cacheStillHolds(
  ctx: BrandContext,
  cached: { data: AnalyticsView; updatedAt: Date },
  options: {
    range: AnalyticsView["range"];
    platform: AnalyticsView["platform"];
    network: AnalyticsView["network"];
    now: Date;
  },
): Promise<boolean> {
  // A cache from before the breakdown explained its total is not shown.
  if (typeof cached.data.breakdown.other !== "number") return false;
  const since = new Date(options.now.getTime() - RANGE_DAYS[options.range] * DAY_MS);
  const [row] = await ctx.db
    .select({ n: count(), lastChange: max(posts.updatedAt) })
    .from(posts)
    .where(publishedWhere(ctx, options.network, options.platform, since, options.now));
  return (
    (row?.n ?? 0) === cached.data.totalPosts &&
    (!row?.lastChange || row.lastChange.getTime() <= cached.updatedAt.getTime())
  );
}

/** The brand's posts published through `network` in [from, to), of one platform or all. */
function publishedWhere(
  ctx: BrandContext,
  network: AnalyticsView["network"],
  platform: AnalyticsView["platform"],
  from: Date,
  to: Date,
) {
  // Only posts the brand's current network took: another network's ids mean nothing to it.
  return and(
    eq(posts.brandId, ctx.brandId),
    eq(posts.userId, ctx.userId),
    eq(posts.status, "approved"),
    eq(posts.publishedVia, network),
    isNotNull(posts.externalPostId),
    gte(posts.postedAt, from),
    lt(posts.postedAt, to),
    platform === "all" ? inArray(posts.platform, [...metaPlatforms]) : eq(posts.platform, platform),
  );
}

/** Stored images get a fresh signed link on every read; the cache keeps only their ids. */
function withImageLinks(ctx: BrandContext, view: AnalyticsView): AnalyticsView {
  const sign = (post: PostAnalytics): PostAnalytics =>
    post.imageId ? { ...post, imageUrl: ctx.mediaUrls.sign(post.imageId, ctx.now()).url } : post;
  return { ...view, posts: view.posts.map(sign), bestPost: view.bestPost ? sign(view.bestPost) : null };
}

async function computeAnalytics(
  ctx: BrandContext,
  source: PageInsightsSource,
  options: {
    range: AnalyticsView["range"];
    platform: AnalyticsView["platform"];
    network: AnalyticsView["network"];
    now: Date;
  },
): Promise<Omit<AnalyticsView, "pageConnected" | "fromCache">> {
  const { range, platform, network, now } = options;
  const days = RANGE_DAYS[range];
  const since = new Date(now.getTime() - days * DAY_MS);
  const previousSince = new Date(since.getTime() - days * DAY_MS);
  const published = (from: Date, to: Date) => publishedWhere(ctx, network, platform, from, to);
  const [rows, [currentCount], [previousCount]] = await Promise.all([
    ctx.db
      .select({
        id: posts.id,
        externalId: posts.externalPostId,
        platform: posts.platform,
        content: posts.content,
        imageUrl: posts.imageUrl,
        imageId: posts.imageMediaId,
        postedAt: posts.postedAt,
      })
      .from(posts)
      .where(published(since, now))
      .orderBy(desc(posts.postedAt))
      .limit(MAX_ANALYTICS_POSTS),
    ctx.db.select({ n: count() }).from(posts).where(published(since, now)),
    ctx.db.select({ n: count() }).from(posts).where(published(previousSince, since)),
  ]);
  const refs: PublishedPostRef[] = rows.flatMap((row) =>
    isMetaPlatform(row.platform)
      ? [
          {
            externalId: row.externalId ?? "",
            platform: row.platform,
            content: row.content,
            hasImage: Boolean(row.imageUrl ?? row.imageId),
            publishedAt: row.postedAt ?? now,
          },
        ]
      : [],
  );
  const read = (request: { since: Date; until: Date; posts: PublishedPostRef[] }) =>
    source.readPageInsights({ userId: ctx.userId, brandId: ctx.brandId, platform, ...request });
  let current: PageInsights;
  let previous: PageInsights;
  try {
    [current, previous] = await Promise.all([
      read({ since, until: now, posts: refs }),
      read({ since: previousSince, until: since, posts: [] }),
    ]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("upstream_failed", ANALYTICS_FETCH_FAILED);
  }

  const byId = new Map(current.posts.map((insight) => [insight.externalId, insight]));
  const postViews: PostAnalytics[] = rows.flatMap((row) => {
    if (!isMetaPlatform(row.platform)) return [];
    const platform = row.platform;
    const insight = byId.get(row.externalId ?? "");
    const likes = insight?.likes ?? 0;
    const comments = insight?.comments ?? 0;
    const shares = insight?.shares ?? 0;
    const clicks = insight?.clicks ?? 0;
    const engagement = likes + comments + shares + clicks;
    const reach = insight?.reach ?? 0;
    return [
      {
        postId: row.id,
        platform,
        content: row.content,
        imageUrl: row.imageId ? null : row.imageUrl,
        imageId: row.imageId,
        publishedAt: (row.postedAt ?? now).toISOString(),
        reach,
        views: insight?.views ?? 0,
        engagement,
        likes,
        comments,
        shares,
        clicks,
        engagementRate: engagementRateOf(engagement, reach),
      },
    ];
  });
  const best = postViews.reduce<PostAnalytics | null>(
    (top, post) => (post.engagement > (top?.engagement ?? 0) ? post : top),
    null,
  );
  const sum = (list: PostAnalytics[], pick: (post: PostAnalytics) => number) =>
    list.reduce((total, post) => total + pick(post), 0);
  const pageTotals = totalsOf(current, currentCount?.n ?? 0);
  const postEngagement = sum(postViews, (post) => post.engagement);
  // The page reached at least everyone its best post reached, and was engaged with at least as much as its
  // posts were: a network whose page and post numbers are counted differently (Meta's daily page metrics
  // against lifetime post metrics) must not show a post bigger than its page.
  const currentTotals: PeriodTotals = {
    ...pageTotals,
    reach: Math.max(pageTotals.reach, ...postViews.map((post) => post.reach)),
    engagements: Math.max(pageTotals.engagements, postEngagement),
  };
  // The breakdown explains the Total Engagement card: what the posts' parts do not account for (the page's
  // own engagement, posts older than the range) is shown as Other.
  const breakdown = {
    likes: sum(postViews, (post) => post.likes),
    comments: sum(postViews, (post) => post.comments),
    shares: sum(postViews, (post) => post.shares),
    clicks: sum(postViews, (post) => post.clicks),
    other: currentTotals.engagements - postEngagement,
    total: currentTotals.engagements,
  };
  return {
    range,
    platform,
    network,
    updatedAt: now.toISOString(),
    metrics: {
      totalReach: currentTotals.reach,
      totalViews: currentTotals.views,
      totalEngagement: currentTotals.engagements,
      engagementRate: engagementRateOf(currentTotals.engagements, currentTotals.reach),
      pageFans: current.followers,
      newFollows: currentTotals.follows,
    },
    current: currentTotals,
    previous: totalsOf(previous, previousCount?.n ?? 0),
    breakdown,
    bestPost: best,
    posts: postViews,
    totalPosts: currentCount?.n ?? 0,
    audience: current.audience,
    daily: dailySeries(current, since, days),
  };
}

function totalsOf(insights: PageInsights, postCount: number): PeriodTotals {
  const totals = { views: 0, reach: 0, engagements: 0, follows: 0, posts: postCount };
  for (const day of insights.days) {
    totals.views += day.views;
    totals.reach += day.reach;
    totals.engagements += day.engagements;
    totals.follows += day.follows;
  }
  return totals;
}

/** One point per day of the range, zeros where the network reported nothing. */
function dailySeries(insights: PageInsights, since: Date, days: number): AnalyticsDay[] {
  const byDate = new Map(insights.days.map((day) => [day.date, day]));
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(since.getTime() + (index + 1) * DAY_MS).toISOString().slice(0, 10);
    const day = byDate.get(date);
    return { date, views: day?.views ?? 0, reach: day?.reach ?? 0, engagements: day?.engagements ?? 0 };
  });
}

export const getAnalyticsUseCase = declareUseCase({
  name: "getAnalytics",
  description:
    "How the active brand's page and published posts performed over the last 7, 30 or 90 days (range '7d', '30d' or '90d', default '30d'; platform 'all', 'facebook' or 'instagram'): reach, views, engagement and rate, page followers, the best post, each post's numbers, likes/comments/shares/clicks, the audience when known, a daily series and the previous period's totals. Cached for an hour; refresh reads fresh numbers.",
  scope: "brand",
  input: getAnalyticsInput,
  output: analyticsView,
  run: getAnalytics,
});
