import type { SocialNetwork } from "../ports";
import type { AudienceData } from "./schemas";

/** One of our published posts, as the network is asked about it. */
export interface PublishedPostRef {
  externalId: string;
  platform: "facebook" | "instagram";
  content: string;
  hasImage: boolean;
  publishedAt: Date;
}

/** A post's numbers on the network (engagement = likes + comments + shares + clicks). */
export interface PostInsightDetail {
  externalId: string;
  views: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  clicks: number;
}

/** The page's numbers for one UTC day (Meta's CURRENT page metrics, contract section 4). */
export interface PageInsightDay {
  /** YYYY-MM-DD. */
  date: string;
  /** page_media_view */
  views: number;
  /** page_total_media_view_unique */
  reach: number;
  /** page_post_engagements */
  engagements: number;
  /** page_daily_follows_unique */
  follows: number;
}

export interface PageInsightsRequest {
  userId: string;
  brandId: string;
  /** Inclusive start and exclusive end, at most 90 days apart (Meta's window). */
  since: Date;
  until: Date;
  platform: "all" | "facebook" | "instagram";
  /** The posts whose numbers are wanted (the newest of the window, bounded). */
  posts: PublishedPostRef[];
}

export interface PageInsights {
  days: PageInsightDay[];
  /** The page's followers now (followers_count). */
  followers: number;
  posts: PostInsightDetail[];
  /** null when the network gives no demographics (Meta deprecated most of them). */
  audience: AudienceData | null;
}

/**
 * An optional part of the SocialNetwork port: networks that report page and post insights implement it
 * (the sandbox with a seeded model, Meta through the Graph API). Throws AppError upstream_failed with the
 * network's message when it refuses.
 */
export interface PageInsightsSource {
  readPageInsights(request: PageInsightsRequest): Promise<PageInsights>;
}

export function pageInsightsSourceOf(social: SocialNetwork): PageInsightsSource | null {
  const candidate = social as SocialNetwork & Partial<PageInsightsSource>;
  return typeof candidate.readPageInsights === "function"
    ? { readPageInsights: candidate.readPageInsights.bind(social) }
    : null;
}
