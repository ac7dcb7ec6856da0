import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { primaryId, timestamptz } from "./columns";
import { billingEventEnum, campaignObjectiveEnum, campaignStatusEnum, optimizationGoalEnum } from "./enums";

// Campaigns and ad sets keep Meta's vocabulary (created_time, special_ad_categories, targeting keys) so the
// rows map onto Marketing API payloads without renaming. Budgets and bids are in minor units of the ad
// account's currency.

/** Insight totals as last fetched; `spend` in major units, as the Insights API returns it. */
export interface AdInsights {
  spend: number;
  impressions: number;
  clicks: number;
  /** Percent. */
  ctr: number;
  reach?: number;
  fetchedAt?: string;
}

/** Meta's targeting spec; genders: 1 male, 2 female, both when absent. */
export interface AdSetTargeting {
  age_min: number;
  age_max: number;
  genders?: (1 | 2)[];
  geo_locations: { countries: string[] };
  interests?: { id: string; name: string }[];
  behaviors?: { id: string; name: string }[];
}

export const campaigns = pgTable(
  "campaigns",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    /** Null until Meta accepted the campaign. */
    facebookCampaignId: text("facebook_campaign_id"),
    /** The ad account's numeric account_id (without the act_ prefix). */
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    objective: campaignObjectiveEnum("objective").default("OUTCOME_TRAFFIC").notNull(),
    status: campaignStatusEnum("status").default("ACTIVE").notNull(),
    dailyBudget: bigint("daily_budget", { mode: "number" }),
    lifetimeBudget: bigint("lifetime_budget", { mode: "number" }),
    startTime: timestamptz("start_time"),
    endTime: timestamptz("end_time"),
    specialAdCategories: text("special_ad_categories").array().default(sql`'{}'::text[]`).notNull(),
    insights: jsonb("insights").$type<AdInsights>(),
    /**
     * Set when a create was sent and not yet confirmed (exactly-once writes): the row is recorded before the
     * call, and a later attempt looks the campaign up on the network by name before sending it again.
     */
    writeStartedAt: timestamptz("write_started_at"),
    createdTime: timestamptz("created_time").defaultNow().notNull(),
    updatedTime: timestamptz("updated_time")
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("campaigns_brand_id_created_time_idx").on(t.brandId, t.createdTime),
    index("campaigns_user_id_idx").on(t.userId),
    // Syncing from Meta upserts by its id; a campaign exists once per brand.
    uniqueIndex("campaigns_brand_id_facebook_campaign_id_idx")
      .on(t.brandId, t.facebookCampaignId)
      .where(sql`${t.facebookCampaignId} is not null`),
  ],
);

export const adSets = pgTable(
  "ad_sets",
  {
    id: primaryId(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    // Denormalised owner columns so ad-set queries are scoped like every other query.
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    facebookAdSetId: text("facebook_ad_set_id"),
    // The wizard does not require a name.
    name: text("name").default("").notNull(),
    status: campaignStatusEnum("status").default("ACTIVE").notNull(),
    optimizationGoal: optimizationGoalEnum("optimization_goal").default("LINK_CLICKS").notNull(),
    billingEvent: billingEventEnum("billing_event").default("CLICKS").notNull(),
    bidAmount: bigint("bid_amount", { mode: "number" }),
    dailyBudget: bigint("daily_budget", { mode: "number" }),
    lifetimeBudget: bigint("lifetime_budget", { mode: "number" }),
    targeting: jsonb("targeting").$type<AdSetTargeting>().notNull(),
    startTime: timestamptz("start_time"),
    endTime: timestamptz("end_time"),
    insights: jsonb("insights").$type<AdInsights>(),
    /** As on campaigns: a create sent and not yet confirmed. */
    writeStartedAt: timestamptz("write_started_at"),
    createdTime: timestamptz("created_time").defaultNow().notNull(),
    updatedTime: timestamptz("updated_time")
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("ad_sets_campaign_id_created_time_idx").on(t.campaignId, t.createdTime),
    index("ad_sets_brand_id_idx").on(t.brandId),
    index("ad_sets_user_id_idx").on(t.userId),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type AdSet = typeof adSets.$inferSelect;
export type NewAdSet = typeof adSets.$inferInsert;
