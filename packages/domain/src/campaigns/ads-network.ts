import type { AdInsights, AdSetTargeting, CampaignStatus } from "../db/schema";
import type { SocialNetwork } from "../ports";
import type { InsightRange } from "./schemas";

/** Which brand's ad account a call acts on; the adapter finds the account and its token itself. */
export interface AdsCallRef {
  userId: string;
  brandId: string;
}

export interface NetworkAdAccount {
  /** act_{accountId}. */
  id: string;
  accountId: string;
  name: string;
  currency: string;
  accountStatus: number;
  /** Minor units. */
  balance: number;
  amountSpent: number;
  businessName: string | null;
}

export interface NetworkCampaign {
  id: string;
  name: string;
  objective: string;
  status: CampaignStatus;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  startTime: Date | null;
  endTime: Date | null;
  createdTime: Date;
  specialAdCategories: string[];
  /** Over the asked window; spend in major units as the Insights API gives it. */
  insights: AdInsights | null;
}

export interface NetworkAdSet {
  id: string;
  campaignId: string;
  name: string;
  status: CampaignStatus;
  optimizationGoal: string;
  billingEvent: string;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  targeting: AdSetTargeting;
  startTime: Date | null;
  endTime: Date | null;
  createdTime: Date;
  insights: AdInsights | null;
}

export interface CampaignDraft {
  name: string;
  objective: string;
  status: "ACTIVE" | "PAUSED";
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  startTime: Date | null;
  endTime: Date | null;
  specialAdCategories: string[];
}

export interface AdSetDraft {
  name: string;
  status: "ACTIVE" | "PAUSED";
  optimizationGoal: string;
  billingEvent: string;
  dailyBudget: number | null;
  lifetimeBudget: number | null;
  targeting: AdSetTargeting;
  startTime: Date | null;
  endTime: Date | null;
}

export interface CampaignChanges {
  status?: CampaignStatus;
  name?: string;
  dailyBudget?: number;
  lifetimeBudget?: number;
  endTime?: Date | null;
}

/**
 * The Marketing API as the campaigns use cases need it: an optional part of the SocialNetwork port (Meta's
 * Marketing API, or the sandbox ad account). Creates are sent once, never retried by the adapter; the
 * finders let the caller settle a create whose answer was lost. Every call throws AppError upstream_failed
 * with the network's message when it refuses.
 */
export interface AdsNetwork {
  listAdAccounts(ref: AdsCallRef): Promise<NetworkAdAccount[]>;
  listCampaigns(
    ref: AdsCallRef & { accountId: string; range: InsightRange },
  ): Promise<{ campaigns: NetworkCampaign[]; adSets: NetworkAdSet[] }>;
  createCampaign(ref: AdsCallRef & { accountId: string; campaign: CampaignDraft }): Promise<{ id: string }>;
  updateCampaign(ref: AdsCallRef & { campaignId: string; changes: CampaignChanges }): Promise<void>;
  /**
   * `campaignHasBudget`: the campaign carries the budget (Meta refuses a budget on both levels, subcode
   * 1885621), so the ad set's own is not sent there.
   */
  createAdSet(
    ref: AdsCallRef & {
      accountId: string;
      campaignId: string;
      campaignHasBudget: boolean;
      adSet: AdSetDraft;
    },
  ): Promise<{ id: string }>;
  /** The account's campaign of that name created since `since`, or null. */
  findCampaign(ref: AdsCallRef & { accountId: string; name: string; since: Date }): Promise<string | null>;
  /** The campaign's ad set of that name created since `since`, or null. */
  findAdSet(
    ref: AdsCallRef & { accountId: string; campaignId: string; name: string; since: Date },
  ): Promise<string | null>;
}

const ADS_METHODS = [
  "listAdAccounts",
  "listCampaigns",
  "createCampaign",
  "updateCampaign",
  "createAdSet",
  "findCampaign",
  "findAdSet",
] as const;

export function adsNetworkOf(social: SocialNetwork): AdsNetwork | null {
  const candidate = social as SocialNetwork & Partial<AdsNetwork>;
  if (!ADS_METHODS.every((name) => typeof candidate[name] === "function")) return null;
  return Object.fromEntries(
    ADS_METHODS.map((name) => [name, (candidate[name] as (...args: unknown[]) => unknown).bind(social)]),
  ) as unknown as AdsNetwork;
}

/** Ad sets need a name on the network; the wizard allows an empty one. */
export const networkAdSetName = (name: string) => name || "Ad set";
