import { z } from "zod";
import { metaPlatforms } from "../posts/messages";

/**
 * Inputs, views and constants of the analytics dashboard (connections spec: Analytics dashboard, Insights
 * response, Analytics errors, section 9). Pure data plus zod, so the web imports the same rules.
 */

export const analyticsRanges = ["7d", "30d", "90d"] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
// Insights are the page's (Meta or the sandbox's model of it): the other networks report none yet.
export const analyticsPlatforms = ["all", ...metaPlatforms] as const;
export type AnalyticsPlatform = (typeof analyticsPlatforms)[number];

export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = "30d";
export const RANGE_DAYS: Record<AnalyticsRange, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** The cache is reused for an hour unless the user presses Refresh. */
export const ANALYTICS_FRESH_MS = 3_600_000;
/** Post Performance shows 10 posts; Audience Insights the first 5 locations (section 9). */
export const POST_TABLE_SIZE = 10;
export const TOP_LOCATIONS_SHOWN = 5;
/** How many posts the dashboard keeps insights for; the full list behind 'View All Posts'. */
export const MAX_ANALYTICS_POSTS = 500;

export const ANALYTICS_ERROR_TITLE = "Error Loading Analytics";
export const ANALYTICS_FETCH_FAILED = "Failed to fetch Facebook insights";
export const ANALYTICS_GENERIC_ERROR = "Failed to fetch analytics data";
export const NO_AUDIENCE_DATA = "No audience data available";
export const NO_POST_DATA = "No post data available for this time period";
/** The breakdown's empty text (the spec shows none there). */
export const NO_ENGAGEMENT_DATA = "No engagement in this time period";

export const getAnalyticsInput = z.object({
  range: z.enum(analyticsRanges).default(DEFAULT_ANALYTICS_RANGE).describe("7d, 30d or 90d (default 30d)"),
  platform: z.enum(analyticsPlatforms).default("all").describe("all, facebook or instagram"),
  refresh: z.boolean().optional().describe("Read fresh numbers instead of the cache (under an hour old)"),
});
export type GetAnalyticsInput = z.input<typeof getAnalyticsInput>;

const count = z.number().int().nonnegative();
const rate = z
  .number()
  .nullable()
  .meta({ description: "Percent of reach, 2 decimals; null when reach is 0 (N/A)." });

export const postAnalyticsView = z
  .object({
    postId: z.string(),
    platform: z.enum(metaPlatforms),
    content: z.string(),
    imageUrl: z.string().nullable().meta({
      description:
        "A signed link for a stored image (made on each read: links expire), else the post's own link.",
    }),
    imageId: z.string().nullable(),
    publishedAt: z.string(),
    reach: count,
    views: count,
    engagement: count,
    likes: count,
    comments: count,
    shares: count,
    clicks: count,
    engagementRate: rate,
  })
  .meta({ id: "PostAnalytics" });
export type PostAnalytics = z.infer<typeof postAnalyticsView>;

export const audienceView = z
  .object({
    ageRanges: z.array(z.object({ range: z.string(), percentage: z.number() })),
    gender: z
      .object({ male: z.number(), female: z.number() })
      .nullable()
      .meta({ description: "Male first, as the spec's pair." }),
    locations: z.array(z.object({ country: z.string(), percentage: z.number() })),
  })
  .meta({ id: "AudienceData" });
export type AudienceData = z.infer<typeof audienceView>;

export const periodTotalsView = z
  .object({
    views: count,
    reach: count,
    engagements: count,
    follows: count.meta({ description: "New follows in the period." }),
    posts: count,
  })
  .meta({ id: "PeriodTotals" });
export type PeriodTotals = z.infer<typeof periodTotalsView>;

export const analyticsDayView = z
  .object({ date: z.string(), views: count, reach: count, engagements: count })
  .meta({ id: "AnalyticsDay" });
export type AnalyticsDay = z.infer<typeof analyticsDayView>;

export const analyticsView = z
  .object({
    range: z.enum(analyticsRanges),
    platform: z.enum(analyticsPlatforms),
    network: z.enum(["sandbox", "meta"]).meta({ description: "Which network the numbers come from." }),
    pageConnected: z.boolean(),
    updatedAt: z.string().meta({ description: "When the numbers were read (the cache's age)." }),
    fromCache: z.boolean(),
    metrics: z.object({
      totalReach: count,
      totalViews: count,
      totalEngagement: count,
      engagementRate: rate,
      pageFans: count.meta({
        description: "The page's followers (the spec's Page Fans; Meta's page_follows).",
      }),
      newFollows: count,
    }),
    previous: periodTotalsView,
    current: periodTotalsView,
    breakdown: z
      .object({
        likes: count,
        comments: count,
        shares: count,
        clicks: count,
        other: count,
        total: count,
      })
      .meta({
        description:
          "Sums to `total`, which is metrics.totalEngagement: the posts' likes, comments, shares and clicks, and `other` for the engagement the page reports that no post's parts explain.",
      }),
    bestPost: postAnalyticsView.nullable(),
    posts: z.array(postAnalyticsView),
    totalPosts: count,
    audience: audienceView.nullable(),
    daily: z.array(analyticsDayView),
  })
  .meta({ id: "Analytics" });
export type AnalyticsView = z.infer<typeof analyticsView>;

/** Percent with 2 decimals, null at zero reach (the card then says N/A). */
export function engagementRateOf(engagement: number, reach: number): number | null {
  return reach > 0 ? Math.round((engagement / reach) * 10_000) / 100 : null;
}

/** 1234 -> "1.2K", 2_500_000 -> "2.5M" (section 9: K at 1000, M at 1,000,000, one decimal). */
export function abbreviateNumber(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1000) return `${(value / 1000).toFixed(1)}K`;
  return String(value);
}

/** Section 9: above 5% green, above 2% yellow, otherwise red. */
export function engagementRateTone(rate: number | null): "green" | "yellow" | "red" | "none" {
  if (rate === null) return "none";
  return rate > 5 ? "green" : rate > 2 ? "yellow" : "red";
}
