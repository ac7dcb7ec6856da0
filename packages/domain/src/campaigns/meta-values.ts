/*
 * The Marketing API's closed sets, written once: the database's enums (db/schema/enums.ts), the campaign
 * schemas and the web's wizards all use these. No drizzle here, so the web bundle can import them.
 */

/** Meta's own spelling, so values travel to and from the Marketing API unchanged. */
export const campaignObjectives = [
  "OUTCOME_AWARENESS",
  "OUTCOME_TRAFFIC",
  "OUTCOME_ENGAGEMENT",
  "OUTCOME_LEADS",
  "OUTCOME_APP_PROMOTION",
  "OUTCOME_SALES",
] as const;
export type CampaignObjective = (typeof campaignObjectives)[number];

/**
 * The spec's six values plus ARCHIVED, which the Marketing API accepts on a status change and returns for
 * archived campaigns; shared by campaigns and ad sets.
 */
export const campaignStatuses = [
  "ACTIVE",
  "PAUSED",
  "PENDING_REVIEW",
  "PENDING_BILLING_INFO",
  "DISAPPROVED",
  "ARCHIVED",
  "DELETED",
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const optimizationGoals = [
  "IMPRESSIONS",
  "REACH",
  "LINK_CLICKS",
  "LANDING_PAGE_VIEWS",
  "POST_ENGAGEMENT",
  "PAGE_LIKES",
  "LEAD_GENERATION",
  "CONVERSIONS",
  "APP_INSTALLS",
  "VALUE",
] as const;
export type OptimizationGoal = (typeof optimizationGoals)[number];

export const billingEvents = ["IMPRESSIONS", "CLICKS", "THRUPLAY"] as const;
export type BillingEvent = (typeof billingEvents)[number];
