import { jsonb, pgTable, unique, uuid } from "drizzle-orm/pg-core";
import { userBrands } from "./brands";
import { createdAt, primaryId, updatedAt } from "./columns";
import { type Platform, type SuggestionType, timeRangeEnum } from "./enums";

export interface CalendarSuggestion {
  id?: string;
  type: SuggestionType;
  platform: Platform;
  /** ISO date-time; only future-dated suggestions are shown. */
  scheduledDate: string;
  reason: string;
  contentSuggestion?: string | null;
  engagementScore?: number | null;
}

/** The cached calendar analysis of a brand for one range (agent page and dashboard). */
export interface BrandAnalyticsData {
  scheduledPostsCount: number;
  pendingPostsCount: number;
  weeklyTarget: number;
  contentGap: number;
  targetMet: boolean;
  nextOptimalPostTime: string;
  nextScheduledPost?: { id: string; scheduled_date: string } | null;
  suggestions: CalendarSuggestion[];
  engagementData?: {
    dayOfWeek: string[];
    engagement: number[];
    bestDays: string[];
    bestTimes: string[];
  };
  weeklyPerformance?: {
    totalPosts: number;
    averageEngagement: number;
    topPerformingDay: string;
    topPerformingTime: string;
  };
}

export const brandAnalytics = pgTable(
  "brand_analytics",
  {
    id: primaryId(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    timeRange: timeRangeEnum("time_range").notNull(),
    data: jsonb("data").$type<BrandAnalyticsData>().notNull(),
    createdAt: createdAt(),
    // Freshness of the cache (6 hours on the dashboard, 1 hour on the agent page) is judged by this.
    updatedAt: updatedAt(),
  },
  (t) => [unique("brand_analytics_brand_id_time_range_key").on(t.brandId, t.timeRange)],
);

export type BrandAnalytics = typeof brandAnalytics.$inferSelect;
