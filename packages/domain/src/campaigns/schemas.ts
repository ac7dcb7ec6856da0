import { z } from "zod";
import type { AdInsights } from "../db/schema";
import { AppError } from "../errors";
import { safeText } from "../text";
import {
  billingEvents,
  type CampaignStatus,
  campaignObjectives,
  campaignStatuses,
  optimizationGoals,
} from "./meta-values";

// The connections spec's Campaigns constants and texts (section 9 and "Campaigns" errors).
export const CAMPAIGNS_CONNECTION_REQUIRED = "Facebook connection required for campaigns";
export const AD_ACCOUNTS_FETCH_FAILED = "Failed to fetch ad accounts";
export const CAMPAIGN_CREATE_FAILED = "Failed to create campaign";
export const CAMPAIGN_UPDATE_FAILED = "Failed to update campaign";
export const AD_SET_CREATE_FAILED = "Failed to create ad set";
export const CAMPAIGN_NOT_FOUND = "Campaign not found";
export const CAMPAIGN_NAME_REQUIRED = "Please enter a campaign name";
export const CAMPAIGN_BUDGET_REQUIRED = "Please enter a budget";
export const START_IN_PAST = "The start date can't be in the past. Choose today or a later date.";

// The closed sets the database enforces (Meta's own spelling), offered to the forms, wizards and views here.
export * from "./meta-values";

/** The confirmation every door asks before deleting (the screen's dialog, the chat's question). */
export const deleteCampaignConfirmation = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;

export const DEFAULT_OBJECTIVE = "OUTCOME_TRAFFIC" as const;
/** Minor units (10.00 in the account's currency). */
export const DEFAULT_DAILY_BUDGET = 1000;
export const DEFAULT_OPTIMIZATION_GOAL = "LINK_CLICKS" as const;
export const DEFAULT_BILLING_EVENT = "CLICKS" as const;
export const AGE_MIN = 18;
export const AGE_MAX = 65;
export const DEFAULT_COUNTRIES = ["US"] as const;
export const AD_COUNTRIES = ["US", "CA", "GB", "DE", "FR", "IT", "ES", "NL", "AU", "JP"] as const;
export const DEFAULT_CURRENCY = "USD";
/** The ad set wizard's fixed estimate. */
export const ESTIMATED_AUDIENCE = "2.5M";

export const insightRanges = ["today", "7d", "30d", "90d"] as const;
export type InsightRange = (typeof insightRanges)[number];

/** The status filter: 'pending' is PENDING_REVIEW and PENDING_BILLING_INFO. */
export const campaignStatusFilters = ["all", "active", "paused", "pending"] as const;
export type CampaignStatusFilter = (typeof campaignStatusFilters)[number];

export function matchesStatusFilter(status: CampaignStatus, filter: CampaignStatusFilter): boolean {
  if (filter === "all") return true;
  if (filter === "active") return status === "ACTIVE";
  if (filter === "paused") return status === "PAUSED";
  return status === "PENDING_REVIEW" || status === "PENDING_BILLING_INFO";
}

const minorUnits = z.number().int().min(1).max(100_000_000_00);
const isoTime = z.iso.datetime({ offset: true });

export const listCampaignsInput = z.object({
  status: z.enum(campaignStatusFilters).default("all"),
  search: safeText().trim().max(200).optional(),
  /** The window the insights cover (the date range selector). */
  range: z.enum(insightRanges).default("30d"),
});
export type ListCampaignsInput = z.input<typeof listCampaignsInput>;

export const createCampaignInput = z
  .object({
    name: safeText({ error: CAMPAIGN_NAME_REQUIRED }).trim().min(1, CAMPAIGN_NAME_REQUIRED).max(400),
    objective: z.enum(campaignObjectives).default(DEFAULT_OBJECTIVE),
    budgetType: z.enum(["daily", "lifetime"]).default("daily"),
    /** Minor units of the ad account's currency (the form's 10.00 is 1000). */
    budget: minorUnits.default(DEFAULT_DAILY_BUDGET),
    startTime: isoTime.optional(),
    /** Only with a lifetime budget. */
    endTime: isoTime.optional(),
    specialAdCategories: z
      .array(z.enum(["HOUSING", "EMPLOYMENT", "CREDIT", "ISSUES_ELECTIONS_POLITICS"]))
      .default([]),
    /** New campaigns start ACTIVE; a duplicate is made PAUSED. */
    status: z.enum(["ACTIVE", "PAUSED"]).default("ACTIVE"),
  })
  .refine((input) => input.budgetType === "lifetime" || input.endTime === undefined, {
    message: "An end date goes with a lifetime budget",
    path: ["endTime"],
  });
export type CreateCampaignInput = z.input<typeof createCampaignInput>;

/**
 * A start only this long before now still counts as now: the caller's clock and the request's trip differ
 * from ours by seconds, and a script that sends "now" means now.
 */
const START_GRACE_MS = 5 * 60_000;

/**
 * The schedule rule of createCampaign and createAdSet, judged against the clock port's now (a schema alone
 * has no clock): a start before now is refused with the reason start_in_past, naming the field. The wizard
 * sends no start for "today" and the local midnight of a later date, so a date it offers always passes.
 */
export function refuseStartInPast(startTime: string | undefined, now: Date): void {
  if (startTime === undefined) return;
  if (new Date(startTime).getTime() >= now.getTime() - START_GRACE_MS) return;
  throw new AppError("start_in_past", START_IN_PAST, {
    issues: [{ path: "startTime", message: START_IN_PAST }],
  });
}

const campaignChangeFields = {
  status: z.enum(["ACTIVE", "PAUSED"]).optional(),
  name: safeText({ error: CAMPAIGN_NAME_REQUIRED }).trim().min(1, CAMPAIGN_NAME_REQUIRED).max(400).optional(),
  /** Minor units; applies to the campaign's own budget type. */
  budget: minorUnits.optional(),
  endTime: isoTime.nullable().optional(),
};
const saysWhatToChange = [
  (input: { status?: unknown; name?: unknown; budget?: unknown; endTime?: unknown }) =>
    [input.status, input.name, input.budget, input.endTime].some((value) => value !== undefined),
  { message: "Say what to change: status, name, budget or end time" },
] as const;

/** The changes alone (the route's body; the id is in its path). */
export const campaignChangesInput = z.object(campaignChangeFields).refine(...saysWhatToChange);
export type CampaignChangesInput = z.input<typeof campaignChangesInput>;

export const updateCampaignInput = z
  .object({
    /** Our id, or the network's (facebook_campaign_id). */
    campaignId: safeText().trim().min(1).max(100),
    ...campaignChangeFields,
  })
  .refine(...saysWhatToChange);
export type UpdateCampaignInput = z.input<typeof updateCampaignInput>;

export const deleteCampaignInput = z.object({ campaignId: safeText().trim().min(1).max(100) });
export type DeleteCampaignInput = z.input<typeof deleteCampaignInput>;

export const createAdSetInput = z.object({
  campaignId: safeText().trim().min(1).max(100),
  /** The wizard does not require a name. */
  name: safeText().trim().max(400).default(""),
  optimizationGoal: z.enum(optimizationGoals).default(DEFAULT_OPTIMIZATION_GOAL),
  billingEvent: z.enum(billingEvents).default(DEFAULT_BILLING_EVENT),
  budgetType: z.enum(["daily", "lifetime"]).default("daily"),
  budget: minorUnits.default(DEFAULT_DAILY_BUDGET),
  ageMin: z.number().int().min(AGE_MIN).max(AGE_MAX).default(AGE_MIN),
  ageMax: z.number().int().min(AGE_MIN).max(AGE_MAX).default(AGE_MAX),
  /** Empty or both: all genders; 1 male, 2 female. */
  genders: z
    .array(z.union([z.literal(1), z.literal(2)]))
    .max(2)
    .default([1, 2]),
  countries: z
    .array(z.enum(AD_COUNTRIES))
    .min(1)
    .default([...DEFAULT_COUNTRIES]),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type CreateAdSetInput = z.input<typeof createAdSetInput>;

/*
 * The answers of the campaign use cases. Each is a use case's declared output (the tool's outputSchema, the
 * route's answer, the OpenAPI document's schema) and its type is derived from it, so the two cannot drift.
 */

/** Whole minor units of the ad account's currency (1000 = 10.00), like every amount here. */
const minorAmount = z.number().int();
const dateTime = z.string().meta({ description: "ISO 8601 date and time." });

export const adInsightsView = z
  .object({
    spend: minorAmount.meta({ description: "Minor units of the account's currency." }),
    impressions: z.number().int(),
    clicks: z.number().int(),
    ctr: z.number().meta({ description: "Percent (clicks over impressions), two decimals." }),
  })
  .meta({ id: "AdInsights" });
export type AdInsightsView = z.infer<typeof adInsightsView>;

/** Meta's targeting spec as stored (db/schema/campaigns.ts AdSetTargeting). */
export const adSetTargetingView = z
  .object({
    age_min: z.number().int(),
    age_max: z.number().int(),
    genders: z
      .array(z.union([z.literal(1), z.literal(2)]))
      .optional()
      .meta({ description: "1 men, 2 women; absent for all genders." }),
    geo_locations: z.object({ countries: z.array(z.string()) }),
    interests: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
    behaviors: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  })
  .meta({ id: "AdSetTargeting" });

export const adSetView = z
  .object({
    id: z.string(),
    facebookAdSetId: z.string().nullable(),
    name: z.string(),
    status: z.enum(campaignStatuses),
    optimizationGoal: z.enum(optimizationGoals),
    billingEvent: z.enum(billingEvents),
    dailyBudget: minorAmount.nullable(),
    lifetimeBudget: minorAmount.nullable(),
    targeting: adSetTargetingView,
    startTime: dateTime.nullable(),
    endTime: dateTime.nullable(),
    createdTime: dateTime,
    insights: adInsightsView,
  })
  .meta({ id: "AdSet" });
export type AdSetView = z.infer<typeof adSetView>;

export const campaignView = z
  .object({
    id: z.string(),
    facebookCampaignId: z.string().nullable(),
    name: z.string(),
    objective: z.enum(campaignObjectives),
    status: z.enum(campaignStatuses),
    dailyBudget: minorAmount.nullable(),
    lifetimeBudget: minorAmount.nullable(),
    startTime: dateTime.nullable(),
    endTime: dateTime.nullable(),
    createdTime: dateTime,
    updatedTime: dateTime,
    specialAdCategories: z.array(z.string()),
    insights: adInsightsView.meta({
      description: "Its ad sets' numbers added up (its own when it has none).",
    }),
    adSets: z.array(adSetView),
    unconfirmed: z.boolean().meta({
      description: "Sent to the network and not yet confirmed (a create whose answer was lost).",
    }),
  })
  .meta({ id: "Campaign", description: "A campaign with its ad sets and insights." });
export type CampaignView = z.infer<typeof campaignView>;

export const adAccountView = z
  .object({
    id: z.string().meta({ description: "act_{accountId}." }),
    accountId: z.string(),
    name: z.string(),
    currency: z.string(),
    accountStatus: z.number().int(),
    statusText: z.string(),
    balance: minorAmount,
    amountSpent: minorAmount,
    businessName: z.string().nullable(),
    network: z.enum(["sandbox", "meta"]),
  })
  .meta({ id: "AdAccount" });
export type AdAccountView = z.infer<typeof adAccountView>;

export const adAccountsView = z
  .object({
    accounts: z.array(adAccountView),
    selectedId: z.string().nullable().meta({
      description: "The brand's connected account (the first one when it is not in the list).",
    }),
  })
  .meta({ id: "AdAccounts" });
export type AdAccountsView = z.infer<typeof adAccountsView>;

export const campaignListView = z
  .object({
    account: adAccountView,
    range: z.enum(insightRanges),
    campaigns: z.array(campaignView),
    summary: adInsightsView,
    source: z.enum(["network", "database"]).meta({
      description:
        "network when read from the ad account, database when the network failed and our copy is shown.",
    }),
    notice: z
      .string()
      .nullable()
      .meta({ description: "Why the network's list could not be read (source database)." }),
  })
  .meta({ id: "CampaignList" });
export type CampaignListView = z.infer<typeof campaignListView>;

export const campaignDeletedView = z
  .object({ deleted: z.literal(true), campaignId: z.string(), name: z.string() })
  .meta({ id: "CampaignDeleted" });
export type CampaignDeletedView = z.infer<typeof campaignDeletedView>;

/**
 * An amount in major units (1.005) to minor units (101), rounded once, after dropping the binary fraction's
 * noise (1.005 * 100 is 100.49999999999999, which would round the other way).
 */
export const majorToMinor = (major: number): number =>
  Number.isFinite(major) ? Math.round(Number((major * 100).toFixed(6))) : 0;

/** Insights as stored (spend in major units, as Meta's Insights API returns it) to the view's minor units. */
export function toInsightsView(insights: AdInsights | null | undefined): AdInsightsView {
  if (!insights) return { spend: 0, impressions: 0, clicks: 0, ctr: 0 };
  return {
    spend: majorToMinor(insights.spend),
    impressions: insights.impressions,
    clicks: insights.clicks,
    ctr: insights.ctr,
  };
}

/** Totals of the summary cards; CTR from the totals, not an average of rates. */
export function summarizeInsights(rows: AdInsightsView[]): AdInsightsView {
  const spend = rows.reduce((sum, row) => sum + row.spend, 0);
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  const clicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  return {
    spend,
    impressions,
    clicks,
    ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0,
  };
}
