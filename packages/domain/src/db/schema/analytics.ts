import { jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import type { AnalyticsPlatform, AnalyticsView } from "../../analytics/schemas";
import type { CachedCalendarAnalysis } from "../../suggestions/schemas";
import { userBrands } from "./brands";
import { createdAt, primaryId, updatedAt } from "./columns";
import { timeRangeEnum } from "./enums";

/**
 * The cached calendar analysis of a brand for one range (agent page and dashboard): everything but what is
 * read live on every call (pending count, target, suggestions).
 */
export type BrandAnalyticsData = CachedCalendarAnalysis;

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

/**
 * The analytics dashboard's cache (getAnalytics): one row per brand, range and platform, reused for an hour.
 * Kept apart from brand_analytics, whose rows are the calendar analysis keyed by brand and range only.
 */
export const brandPageInsights = pgTable(
  "brand_page_insights",
  {
    id: primaryId(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    timeRange: timeRangeEnum("time_range").notNull(),
    platform: text("platform").$type<AnalyticsPlatform>().notNull(),
    data: jsonb("data").$type<AnalyticsView>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("brand_page_insights_key").on(t.brandId, t.timeRange, t.platform)],
);
