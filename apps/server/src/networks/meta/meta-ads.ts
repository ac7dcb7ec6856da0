import type {
  AdsCallRef,
  AdsNetwork,
  NetworkAdAccount,
  NetworkAdSet,
  NetworkCampaign,
} from "@smm/domain/campaigns";
import {
  AD_ACCOUNTS_FETCH_FAILED,
  AD_SET_CREATE_FAILED,
  CAMPAIGN_CREATE_FAILED,
  CAMPAIGN_UPDATE_FAILED,
  CAMPAIGNS_CONNECTION_REQUIRED,
  type InsightRange,
  networkAdSetName,
} from "@smm/domain/campaigns";
import { AD_ACCOUNT_CONNECTION_EXPIRED } from "@smm/domain/connections";
import type { AdInsights, AdSetTargeting, CampaignStatus } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { type GraphClient, type GraphParams, isGraphError, readWholeGraphList } from "./meta-graph-client";
import { describeGraphFailure } from "./meta-network";

/**
 * The Marketing API (contracts/meta-and-stripe.md section 5) for a brand's connected ad account: ad
 * accounts, campaigns and ad sets with insights over the page's date range, creates (sent once: the
 * domain settles a lost answer with findCampaign/findAdSet), status and field updates. Money is in minor
 * units of the account's currency both ways; insights' spend comes back in major units.
 */

export interface MetaAdConnection {
  /** The ad account token (the marketing flow's user token), opened only on its way here. */
  token: string;
  /** Meta refused this token (code 190) once already: only a new connection helps. */
  expired: boolean;
}

/** An ad account as `/me/adaccounts` answers it: the picker when connecting, and the campaigns screen. */
export const ACCOUNT_FIELDS =
  "id,account_id,name,currency,account_status,balance,amount_spent,business{id,name},timezone_name";
export interface GraphAdAccount {
  id: string;
  account_id: string;
  name: string;
  currency: string;
  account_status: number;
  balance?: string;
  amount_spent?: string;
  business?: { name?: string } | null;
}
const INSIGHT_FIELDS = "spend,impressions,clicks,ctr,reach";
const CAMPAIGN_FIELDS =
  "id,name,objective,status,daily_budget,lifetime_budget,start_time,stop_time,created_time,special_ad_categories";
const AD_SET_FIELDS =
  "id,name,campaign_id,status,optimization_goal,billing_event,daily_budget,lifetime_budget,targeting,start_time,end_time,created_time";
const DATE_PRESETS: Record<InsightRange, string> = {
  today: "today",
  "7d": "last_7d",
  "30d": "last_30d",
  "90d": "last_90d",
};
/** Meta's clock and ours differ a little: a lost create is looked for from a minute before it was sent. */
const CLOCK_MARGIN_MS = 60_000;

interface GraphInsights {
  data?: { spend?: string; impressions?: string; clicks?: string; ctr?: string; reach?: string }[];
}
interface GraphCampaign {
  id: string;
  name: string;
  objective?: string;
  status?: string;
  daily_budget?: string;
  lifetime_budget?: string;
  start_time?: string;
  stop_time?: string;
  created_time?: string;
  special_ad_categories?: string[];
  insights?: GraphInsights;
}
interface GraphAdSet {
  id: string;
  name: string;
  campaign_id: string;
  status?: string;
  optimization_goal?: string;
  billing_event?: string;
  daily_budget?: string;
  lifetime_budget?: string;
  targeting?: AdSetTargeting;
  start_time?: string;
  end_time?: string;
  created_time?: string;
  insights?: GraphInsights;
}

const minor = (value: string | undefined) => (value && Number(value) > 0 ? Number(value) : null);
const dateOf = (value: string | undefined) => (value ? new Date(value) : null);
const STATUSES = new Set([
  "ACTIVE",
  "PAUSED",
  "PENDING_REVIEW",
  "PENDING_BILLING_INFO",
  "DISAPPROVED",
  "ARCHIVED",
  "DELETED",
]);
const statusOf = (value: string | undefined): CampaignStatus =>
  (value && STATUSES.has(value) ? value : "PAUSED") as CampaignStatus;

function insightsOf(answer: GraphInsights | undefined): AdInsights {
  const row = answer?.data?.[0];
  return {
    spend: Number(row?.spend ?? 0),
    impressions: Number(row?.impressions ?? 0),
    clicks: Number(row?.clicks ?? 0),
    ctr: Math.round(Number(row?.ctr ?? 0) * 100) / 100,
    reach: Number(row?.reach ?? 0),
  };
}

export function createMetaAds(options: {
  graph: GraphClient;
  /** The brand's ad account connection made through Meta, or null. */
  loadAdConnection(userId: string, brandId: string): Promise<MetaAdConnection | null>;
  /** Meta answered code 190 to the ad account's token: the connection is marked expired, the user told. */
  onTokenExpired?(userId: string, brandId: string): Promise<void>;
}): AdsNetwork {
  const { graph } = options;

  async function tokenOf(ref: AdsCallRef): Promise<string> {
    const connection = await options.loadAdConnection(ref.userId, ref.brandId);
    if (!connection) throw new AppError("upstream_failed", CAMPAIGNS_CONNECTION_REQUIRED);
    // Asking again with a token Meta has refused only repeats the refusal.
    if (connection.expired) throw new AppError("upstream_failed", AD_ACCOUNT_CONNECTION_EXPIRED);
    return connection.token;
  }

  /** Graph's failures in the product's words; a 5xx Meta explains nothing about gets the action's text. */
  async function guarded<T>(ref: AdsCallRef, fallback: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isGraphError(error)) throw error;
      if (error.kind === "token_expired") {
        await options.onTokenExpired?.(ref.userId, ref.brandId);
        throw new AppError("upstream_failed", AD_ACCOUNT_CONNECTION_EXPIRED);
      }
      const message = error.kind === "transient" && !error.noAnswer ? fallback : describeGraphFailure(error);
      throw new AppError("upstream_failed", message);
    }
  }

  const insightsField = (range: InsightRange) =>
    `insights.date_preset(${DATE_PRESETS[range]}){${INSIGHT_FIELDS}}`;

  return {
    async listAdAccounts(ref) {
      const token = await tokenOf(ref);
      return guarded(ref, AD_ACCOUNTS_FETCH_FAILED, async () => {
        const accounts = await readWholeGraphList<GraphAdAccount>(graph, {
          method: "GET",
          path: "/me/adaccounts",
          token,
          params: { fields: ACCOUNT_FIELDS },
        });
        return accounts.map(
          (account): NetworkAdAccount => ({
            id: account.id,
            accountId: account.account_id,
            name: account.name,
            currency: account.currency,
            accountStatus: account.account_status,
            balance: Number(account.balance ?? 0),
            amountSpent: Number(account.amount_spent ?? 0),
            businessName: account.business?.name ?? null,
          }),
        );
      });
    },

    async listCampaigns(ref) {
      const token = await tokenOf(ref);
      return guarded(ref, "Failed to fetch campaigns", async () => {
        const [campaigns, adSets] = await Promise.all([
          readWholeGraphList<GraphCampaign>(
            graph,
            {
              method: "GET",
              path: `/act_${ref.accountId}/campaigns`,
              token,
              params: { fields: `${CAMPAIGN_FIELDS},${insightsField(ref.range)}` },
            },
            200,
          ),
          readWholeGraphList<GraphAdSet>(
            graph,
            {
              method: "GET",
              path: `/act_${ref.accountId}/adsets`,
              token,
              params: { fields: `${AD_SET_FIELDS},${insightsField(ref.range)}` },
            },
            500,
          ),
        ]);
        return {
          campaigns: campaigns.map(
            (campaign): NetworkCampaign => ({
              id: campaign.id,
              name: campaign.name,
              objective: campaign.objective ?? "OUTCOME_TRAFFIC",
              status: statusOf(campaign.status),
              dailyBudget: minor(campaign.daily_budget),
              lifetimeBudget: minor(campaign.lifetime_budget),
              startTime: dateOf(campaign.start_time),
              endTime: dateOf(campaign.stop_time),
              createdTime: dateOf(campaign.created_time) ?? new Date(0),
              specialAdCategories: campaign.special_ad_categories ?? [],
              insights: insightsOf(campaign.insights),
            }),
          ),
          adSets: adSets.map(
            (set): NetworkAdSet => ({
              id: set.id,
              campaignId: set.campaign_id,
              name: set.name,
              status: statusOf(set.status),
              optimizationGoal: set.optimization_goal ?? "LINK_CLICKS",
              billingEvent: set.billing_event ?? "CLICKS",
              dailyBudget: minor(set.daily_budget),
              lifetimeBudget: minor(set.lifetime_budget),
              targeting: set.targeting ?? { age_min: 18, age_max: 65, geo_locations: { countries: ["US"] } },
              startTime: dateOf(set.start_time),
              endTime: dateOf(set.end_time),
              createdTime: dateOf(set.created_time) ?? new Date(0),
              insights: insightsOf(set.insights),
            }),
          ),
        };
      });
    },

    async createCampaign(ref) {
      const token = await tokenOf(ref);
      const { campaign } = ref;
      const hasBudget = campaign.dailyBudget !== null || campaign.lifetimeBudget !== null;
      const params: GraphParams = {
        name: campaign.name,
        objective: campaign.objective,
        status: campaign.status,
        special_ad_categories: JSON.stringify(campaign.specialAdCategories),
        daily_budget: campaign.dailyBudget,
        lifetime_budget: campaign.lifetimeBudget,
        start_time: campaign.startTime?.toISOString(),
        stop_time: campaign.endTime?.toISOString(),
        // A campaign budget needs a bid strategy; without one Meta wants the sharing flag said out loud.
        ...(hasBudget
          ? { bid_strategy: "LOWEST_COST_WITHOUT_CAP" }
          : { is_adset_budget_sharing_enabled: false }),
      };
      return guarded(ref, CAMPAIGN_CREATE_FAILED, () =>
        graph.once<{ id: string }>({
          method: "POST",
          path: `/act_${ref.accountId}/campaigns`,
          token,
          params,
        }),
      );
    },

    async updateCampaign(ref) {
      const token = await tokenOf(ref);
      const { changes } = ref;
      const params: GraphParams = {
        status: changes.status,
        name: changes.name,
        daily_budget: changes.dailyBudget,
        lifetime_budget: changes.lifetimeBudget,
        ...(changes.endTime !== undefined ? { stop_time: changes.endTime?.toISOString() ?? "" } : {}),
      };
      // Setting a status or a field twice is harmless: the retrying call is fine here.
      await guarded(ref, CAMPAIGN_UPDATE_FAILED, () =>
        graph.call<{ success: boolean }>({ method: "POST", path: `/${ref.campaignId}`, token, params }),
      );
    },

    async createAdSet(ref) {
      const token = await tokenOf(ref);
      const { adSet } = ref;
      const params: GraphParams = {
        name: networkAdSetName(adSet.name),
        campaign_id: ref.campaignId,
        status: adSet.status,
        // The campaign's budget governs when it has one (Meta refuses both levels).
        ...(ref.campaignHasBudget
          ? {}
          : { daily_budget: adSet.dailyBudget, lifetime_budget: adSet.lifetimeBudget }),
        billing_event: adSet.billingEvent,
        optimization_goal: adSet.optimizationGoal,
        bid_strategy: "LOWEST_COST_WITHOUT_CAP",
        targeting: JSON.stringify(adSet.targeting),
        start_time: adSet.startTime?.toISOString(),
        end_time: adSet.endTime?.toISOString(),
      };
      return guarded(ref, AD_SET_CREATE_FAILED, () =>
        graph.once<{ id: string }>({ method: "POST", path: `/act_${ref.accountId}/adsets`, token, params }),
      );
    },

    async findCampaign(ref) {
      const token = await tokenOf(ref);
      return guarded(ref, CAMPAIGN_CREATE_FAILED, async () => {
        const found = await readWholeGraphList<{ id: string; name: string; created_time?: string }>(graph, {
          method: "GET",
          path: `/act_${ref.accountId}/campaigns`,
          token,
          params: {
            fields: "id,name,created_time",
            filtering: JSON.stringify([{ field: "name", operator: "EQUAL", value: ref.name }]),
          },
        });
        return newestSince(found, ref.name, ref.since);
      });
    },

    async findAdSet(ref) {
      const token = await tokenOf(ref);
      return guarded(ref, AD_SET_CREATE_FAILED, async () => {
        // Every ad set of the campaign: one missed here would be created a second time.
        const found = await readWholeGraphList<{ id: string; name: string; created_time?: string }>(graph, {
          method: "GET",
          path: `/${ref.campaignId}/adsets`,
          token,
          params: { fields: "id,name,created_time" },
        });
        return newestSince(found, ref.name, ref.since);
      });
    },
  };
}

function newestSince(
  rows: { id: string; name: string; created_time?: string }[],
  name: string,
  since: Date,
): string | null {
  const from = since.getTime() - CLOCK_MARGIN_MS;
  const match = rows
    .filter((row) => row.name === name && row.created_time && new Date(row.created_time).getTime() >= from)
    .sort((a, b) => (b.created_time ?? "").localeCompare(a.created_time ?? ""))[0];
  return match?.id ?? null;
}
