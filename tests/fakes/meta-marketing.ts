import { randomBytes } from "node:crypto";
import { graphPage } from "./graph-paging";

/**
 * The Marketing API part of the fake Graph server (contracts/meta-and-stripe.md section 5): campaigns and
 * ad sets of the fake ad accounts with field-expanded insights, created and changed over real HTTP, with
 * Meta's checks that bite integrations (is_adset_budget_sharing_enabled without a campaign budget, a budget
 * on both levels, Budget Is Too Low). Ad accounts are act_{account_id}; a user token is required.
 */

export interface FakeCampaign {
  id: string;
  accountId: string;
  name: string;
  objective: string;
  status: string;
  daily_budget?: string;
  lifetime_budget?: string;
  start_time?: string;
  stop_time?: string;
  special_ad_categories: string[];
  created_time: string;
  /** Every field the create carried, as sent. */
  sent: Record<string, string>;
}

export interface FakeAdSet {
  id: string;
  accountId: string;
  campaign_id: string;
  name: string;
  status: string;
  optimization_goal: string;
  billing_event: string;
  daily_budget?: string;
  lifetime_budget?: string;
  targeting: unknown;
  start_time?: string;
  end_time?: string;
  created_time: string;
  sent: Record<string, string>;
}

export interface FakeMarketing {
  campaigns: Map<string, FakeCampaign>;
  adSets: Map<string, FakeAdSet>;
  /** How many campaigns were created with this name (exactly-once checks). */
  campaignsNamed(name: string): number;
}

type Answer = { status: number; body: unknown };

const OBJECTIVES = new Set([
  "OUTCOME_AWARENESS",
  "OUTCOME_TRAFFIC",
  "OUTCOME_ENGAGEMENT",
  "OUTCOME_LEADS",
  "OUTCOME_APP_PROMOTION",
  "OUTCOME_SALES",
]);
const STATUSES = new Set(["ACTIVE", "PAUSED", "ARCHIVED", "DELETED"]);
const PRESET_DAYS: Record<string, number> = {
  today: 1,
  last_7d: 7,
  last_30d: 30,
  last_90d: 90,
  maximum: 365,
};
/** Meta's minimum daily budget is about a dollar. */
const MIN_BUDGET = 100;

const newId = () => `238${String(BigInt(`0x${randomBytes(5).toString("hex")}`))}`;

function seeded(id: string, salt: number, modulo: number): number {
  let hash = salt;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % modulo;
}

export function createFakeMarketing(options: {
  now: () => Date;
  accountIds: () => string[];
  isUserToken: (token: string | null) => boolean;
}): FakeMarketing & {
  route(
    method: string,
    segments: string[],
    params: Record<string, string>,
    token: string | null,
  ): Answer | null;
} {
  const campaigns = new Map<string, FakeCampaign>();
  const adSets = new Map<string, FakeAdSet>();
  const error = (message: string, code = 100, subcode?: number, status = 400): Answer => ({
    status,
    body: {
      error: { message, type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}) },
    },
  });
  const ok = (body: unknown): Answer => ({ status: 200, body });

  /** `insights.date_preset(last_7d){spend,...}` in fields: numbers that grow with the window. */
  function insightsFor(id: string, status: string, fields: string) {
    const match = /insights\.date_preset\((\w+)\)/.exec(fields);
    if (!match) return undefined;
    const days = PRESET_DAYS[match[1] ?? ""] ?? 30;
    if (status !== "ACTIVE") return { data: [] };
    const impressions = days * (200 + seeded(id, 1, 300));
    const clicks = Math.floor(impressions * (0.01 + seeded(id, 2, 20) / 1000));
    const spend = ((impressions / 1000) * (5 + seeded(id, 3, 4))).toFixed(2);
    return {
      data: [
        {
          spend,
          impressions: String(impressions),
          clicks: String(clicks),
          ctr: ((clicks / impressions) * 100).toFixed(6),
          reach: String(Math.floor(impressions * 0.7)),
          date_start: "2026-11-01",
          date_stop: "2026-11-23",
        },
      ],
    };
  }

  function budgetError(params: Record<string, string>): Answer | null {
    for (const key of ["daily_budget", "lifetime_budget"]) {
      const value = params[key];
      if (value !== undefined && (!/^\d+$/.test(value) || Number(value) < MIN_BUDGET))
        return error("Invalid parameter", 100, 1885272);
    }
    return null;
  }

  function campaignOut(campaign: FakeCampaign, fields: string) {
    return {
      id: campaign.id,
      name: campaign.name,
      objective: campaign.objective,
      status: campaign.status,
      ...(campaign.daily_budget ? { daily_budget: campaign.daily_budget } : {}),
      ...(campaign.lifetime_budget ? { lifetime_budget: campaign.lifetime_budget } : {}),
      ...(campaign.start_time ? { start_time: campaign.start_time } : {}),
      ...(campaign.stop_time ? { stop_time: campaign.stop_time } : {}),
      created_time: campaign.created_time,
      special_ad_categories: campaign.special_ad_categories,
      ...(fields.includes("insights") ? { insights: insightsFor(campaign.id, campaign.status, fields) } : {}),
    };
  }

  function adSetOut(set: FakeAdSet, fields: string) {
    const { sent: _sent, accountId: _account, ...shown } = set;
    return {
      ...shown,
      ...(fields.includes("insights") ? { insights: insightsFor(set.id, set.status, fields) } : {}),
    };
  }

  function route(
    method: string,
    segments: string[],
    params: Record<string, string>,
    token: string | null,
  ): Answer | null {
    const [first, second] = segments;
    if (!first) return null;
    const account = first.startsWith("act_") ? first.slice(4) : null;
    const campaign = campaigns.get(first);
    if (!account && !campaign) return null;
    if (!options.isUserToken(token))
      return error("(#200) Requires ads_management permission", 200, undefined, 403);
    const fields = params.fields ?? "";

    if (account) {
      if (!options.accountIds().includes(account))
        return error(`(#803) Unknown ad account act_${account}`, 803);
      if (second === "campaigns" && method === "GET") {
        const filter = params.filtering
          ? (JSON.parse(params.filtering) as { field: string; operator: string; value: string }[])
          : [];
        const named = filter.find((f) => f.field === "name" && f.operator === "EQUAL")?.value;
        return ok(
          graphPage(
            [...campaigns.values()]
              .filter((c) => c.accountId === account && c.status !== "DELETED")
              .filter((c) => named === undefined || c.name === named)
              .reverse()
              .map((c) => campaignOut(c, fields)),
            params,
          ),
        );
      }
      if (second === "campaigns" && method === "POST") {
        if (!params.name) return error("(#100) The parameter name is required");
        if (!OBJECTIVES.has(params.objective ?? ""))
          return error("(#100) Param objective must be one of {...}");
        if (params.special_ad_categories === undefined)
          return error("(#100) The parameter special_ad_categories is required");
        const budgeted = params.daily_budget !== undefined || params.lifetime_budget !== undefined;
        if (!budgeted && params.is_adset_budget_sharing_enabled === undefined)
          return error("Must specify True or False in is_adset_budget_sharing_enabled", 100, 4834011);
        const invalidBudget = budgetError(params);
        if (invalidBudget) return invalidBudget;
        const id = newId();
        campaigns.set(id, {
          id,
          accountId: account,
          name: params.name,
          objective: params.objective ?? "",
          status: params.status ?? "PAUSED",
          ...(params.daily_budget ? { daily_budget: params.daily_budget } : {}),
          ...(params.lifetime_budget ? { lifetime_budget: params.lifetime_budget } : {}),
          ...(params.start_time ? { start_time: params.start_time } : {}),
          ...(params.stop_time ? { stop_time: params.stop_time } : {}),
          special_ad_categories: JSON.parse(params.special_ad_categories) as string[],
          created_time: options.now().toISOString(),
          sent: { ...params },
        });
        return ok({ id });
      }
      if (second === "adsets" && method === "GET") {
        return ok(
          graphPage(
            [...adSets.values()]
              .filter((s) => s.accountId === account && s.status !== "DELETED")
              .map((s) => adSetOut(s, fields)),
            params,
          ),
        );
      }
      if (second === "adsets" && method === "POST") {
        const parent = campaigns.get(params.campaign_id ?? "");
        if (!parent || parent.accountId !== account) return error("(#100) Invalid campaign_id");
        if (!params.name) return error("(#100) The parameter name is required");
        if (!params.targeting) return error("(#100) The parameter targeting is required");
        if (!params.billing_event || !params.optimization_goal) return error("(#100) Missing billing_event");
        const setBudget = params.daily_budget !== undefined || params.lifetime_budget !== undefined;
        const parentBudget = parent.daily_budget !== undefined || parent.lifetime_budget !== undefined;
        if (setBudget && parentBudget)
          return error("Budget can't be set at both ad set and campaign level", 100, 1885621);
        if (!setBudget && !parentBudget) return error("(#100) An ad set needs a budget", 100, 1885313);
        const invalidBudget = budgetError(params);
        if (invalidBudget) return invalidBudget;
        const id = newId();
        adSets.set(id, {
          id,
          accountId: account,
          campaign_id: parent.id,
          name: params.name,
          status: params.status ?? "PAUSED",
          optimization_goal: params.optimization_goal,
          billing_event: params.billing_event,
          ...(params.daily_budget ? { daily_budget: params.daily_budget } : {}),
          ...(params.lifetime_budget ? { lifetime_budget: params.lifetime_budget } : {}),
          targeting: JSON.parse(params.targeting),
          ...(params.start_time ? { start_time: params.start_time } : {}),
          ...(params.end_time ? { end_time: params.end_time } : {}),
          created_time: options.now().toISOString(),
          sent: { ...params },
        });
        return ok({ id });
      }
      return error("(#100) Unsupported request", 100);
    }

    if (campaign) {
      if (campaign.status === "DELETED") return error("(#100) Object with ID does not exist", 100, 33);
      if (second === "adsets" && method === "GET")
        return ok(
          graphPage(
            [...adSets.values()].filter((s) => s.campaign_id === campaign.id).map((s) => adSetOut(s, fields)),
            params,
          ),
        );
      if (!second && method === "POST") {
        if (params.status !== undefined && !STATUSES.has(params.status))
          return error("(#100) Invalid status");
        const invalidBudget = budgetError(params);
        if (invalidBudget) return invalidBudget;
        if (params.status) campaign.status = params.status;
        if (params.name) campaign.name = params.name;
        if (params.daily_budget) campaign.daily_budget = params.daily_budget;
        if (params.lifetime_budget) campaign.lifetime_budget = params.lifetime_budget;
        if (params.stop_time !== undefined) campaign.stop_time = params.stop_time || undefined;
        return ok({ success: true });
      }
      if (!second && method === "GET") return ok(campaignOut(campaign, fields));
    }
    return null;
  }

  return {
    campaigns,
    adSets,
    campaignsNamed: (name) => [...campaigns.values()].filter((c) => c.name === name).length,
    route,
  };
}
