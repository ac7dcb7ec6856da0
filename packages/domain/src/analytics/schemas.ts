import { z } from "zod";

/**
 * Inputs, views and constants of the analytics dashboard (connections spec: Analytics dashboard, Insights
 * response, Analytics errors, section 9). Pure data plus zod, so the web imports the same rules.
 */

export const analyticsRanges = ["7d", "30d", "90d"] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const analyticsPlatforms = ["all", "facebook", "instagram"] as const;
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

export interface PostAnalytics {
  postId: string;
  platform: "facebook" | "instagram";
  content: string;
  /** A signed link for a stored image (made on each read: links expire), else the post's own link. */
  imageUrl: string | null;
  imageId: string | null;
  publishedAt: string;
  reach: number;
  views: number;
  engagement: number;
  likes: number;
  comments: number;
  shares: number;
  clicks: number;
  /** Percent of reach, 2 decimals; null when reach is 0 (shown as N/A). */
  engagementRate: number | null;
}

export interface AudienceData {
  ageRanges: { range: string; percentage: number }[];
  /** Male first, as the spec's pair. */
  gender: { male: number; female: number } | null;
  locations: { country: string; percentage: number }[];
}

export interface PeriodTotals {
  views: number;
  reach: number;
  engagements: number;
  /** New follows in the period. */
  follows: number;
  posts: number;
}

export interface AnalyticsDay {
  date: string;
  views: number;
  reach: number;
  engagements: number;
}

export interface AnalyticsView {
  range: AnalyticsRange;
  platform: AnalyticsPlatform;
  /** Which network the numbers come from; null when the brand has no page connected. */
  network: "sandbox" | "meta";
  pageConnected: boolean;
  /** When the numbers were read (the cache's age). */
  updatedAt: string;
  fromCache: boolean;
  metrics: {
    totalReach: number;
    totalViews: number;
    totalEngagement: number;
    /** Percent of reach, 2 decimals; null when reach is 0. */
    engagementRate: number | null;
    /** The page's followers (the spec's Page Fans; Meta's page_follows). */
    pageFans: number;
    newFollows: number;
  };
  previous: PeriodTotals;
  current: PeriodTotals;
  /**
   * Sums to `total`, which is metrics.totalEngagement: the posts' likes, comments, shares and clicks, and
   * `other` for the engagement the page reports that no post's parts explain.
   */
  breakdown: {
    likes: number;
    comments: number;
    shares: number;
    clicks: number;
    other: number;
    total: number;
  };
  bestPost: PostAnalytics | null;
  posts: PostAnalytics[];
  totalPosts: number;
  audience: AudienceData | null;
  daily: AnalyticsDay[];
}

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
