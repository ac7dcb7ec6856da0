import { createHash, randomBytes } from "node:crypto";
import type {
  AdsCallRef,
  AdsNetwork,
  InsightRange,
  NetworkAdSet,
  NetworkCampaign,
} from "@smm/domain/campaigns";
import { networkAdSetName } from "@smm/domain/campaigns";
import type { DbExecutor } from "@smm/domain/context";
import type { SandboxAdObject } from "@smm/domain/db/schema";
import {
  type AdInsights,
  type AdSetTargeting,
  type CampaignStatus,
  sandboxAdObjects,
} from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { and, asc, eq, gte } from "drizzle-orm";
import { SANDBOX_AD_ACCOUNT } from "./sandbox-connector";

const HOUR_MS = 3_600_000;
const RANGE_HOURS: Record<Exclude<InsightRange, "today">, number> = { "7d": 168, "30d": 720, "90d": 2160 };

/** A stable number from an object's id: each campaign performs differently, and always the same way. */
function seedOf(id: string): number {
  return createHash("sha256").update(id).digest().readUInt32BE(0);
}

/** How long the object has been ACTIVE, within the window the page asks about. */
function activeHours(row: SandboxAdObject, range: InsightRange, now: Date): number {
  const running = row.activeSince ? Math.max(0, now.getTime() - row.activeSince.getTime()) : 0;
  const total = (row.activeMs + running) / HOUR_MS;
  const windowHours =
    range === "today"
      ? (now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) / HOUR_MS
      : RANGE_HOURS[range];
  return Math.min(total, windowHours);
}

/**
 * The sandbox's delivery model: impressions per active hour (seeded per object, more with a bigger budget),
 * a seeded click-through rate and CPM, and spend never above the daily budget's pace. Deterministic: the
 * same object, activity and clock give the same numbers; they grow only while ACTIVE.
 */
export function sandboxDelivery(row: SandboxAdObject, range: InsightRange, now: Date): AdInsights {
  const seed = seedOf(row.id);
  const hours = activeHours(row, range, now);
  const fields = row.fields as { daily_budget?: number | null; lifetime_budget?: number | null };
  const dailyMinor = fields.daily_budget ?? Math.round((fields.lifetime_budget ?? 1000) / 7);
  const budgetFactor = Math.sqrt(Math.max(dailyMinor, 100) / 1000);
  const impressions = Math.floor(hours * (40 + (seed % 60)) * budgetFactor);
  const clicks = Math.floor(impressions * (0.008 + ((seed >>> 8) % 25) / 1000));
  const cpm = 4 + ((seed >>> 16) % 6);
  const paceCap = (dailyMinor / 100) * (hours / 24);
  const spend = Math.round(Math.min((impressions / 1000) * cpm, paceCap) * 100) / 100;
  const ctr = impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0;
  return { spend, impressions, clicks, ctr, reach: Math.floor(impressions * 0.7) };
}

const dateOrNull = (value: unknown) => (typeof value === "string" ? new Date(value) : null);
const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);

/**
 * The sandbox ad account (the one the sandbox consent page offers): campaigns and ad sets kept in
 * sandbox_ad_objects as Meta would keep them, so the whole campaigns flow runs without Meta.
 */
export function createSandboxAds(db: DbExecutor, now: () => Date): AdsNetwork {
  const own = (ref: AdsCallRef) => [
    eq(sandboxAdObjects.userId, ref.userId),
    eq(sandboxAdObjects.brandId, ref.brandId),
  ];
  const newId = () => `sbxad_${randomBytes(8).toString("hex")}`;

  function requireAccount(accountId: string) {
    if (accountId !== SANDBOX_AD_ACCOUNT.accountId) {
      throw new AppError("upstream_failed", "Sandbox network: ad account not found");
    }
  }

  async function insert(
    ref: AdsCallRef,
    values: {
      kind: "campaign" | "adset";
      accountId: string;
      campaignId?: string;
      name: string;
      status: string;
    },
    fields: Record<string, unknown>,
  ): Promise<{ id: string }> {
    requireAccount(values.accountId);
    const at = now();
    const id = newId();
    await db.insert(sandboxAdObjects).values({
      id,
      userId: ref.userId,
      brandId: ref.brandId,
      kind: values.kind,
      campaignId: values.campaignId ?? null,
      accountId: values.accountId,
      name: values.name,
      status: values.status,
      fields,
      activeSince: values.status === "ACTIVE" ? at : null,
      createdAt: at,
      updatedAt: at,
    });
    return { id };
  }

  return {
    async listAdAccounts() {
      return [
        {
          id: SANDBOX_AD_ACCOUNT.id,
          accountId: SANDBOX_AD_ACCOUNT.accountId,
          name: SANDBOX_AD_ACCOUNT.name,
          currency: SANDBOX_AD_ACCOUNT.currency,
          accountStatus: SANDBOX_AD_ACCOUNT.accountStatus,
          balance: 0,
          amountSpent: 0,
          businessName: SANDBOX_AD_ACCOUNT.businessName,
        },
      ];
    },

    async listCampaigns(ref) {
      requireAccount(ref.accountId);
      const at = now();
      const rows = await db
        .select()
        .from(sandboxAdObjects)
        .where(and(...own(ref), eq(sandboxAdObjects.accountId, ref.accountId)))
        .orderBy(asc(sandboxAdObjects.createdAt));
      const campaigns: NetworkCampaign[] = rows
        .filter((row) => row.kind === "campaign")
        .map((row) => ({
          id: row.id,
          name: row.name,
          objective: String(row.fields.objective ?? "OUTCOME_TRAFFIC"),
          status: row.status as CampaignStatus,
          dailyBudget: numberOrNull(row.fields.daily_budget),
          lifetimeBudget: numberOrNull(row.fields.lifetime_budget),
          startTime: dateOrNull(row.fields.start_time),
          endTime: dateOrNull(row.fields.end_time),
          createdTime: row.createdAt,
          specialAdCategories: (row.fields.special_ad_categories as string[] | undefined) ?? [],
          insights: sandboxDelivery(row, ref.range, at),
        }));
      const adSets: NetworkAdSet[] = rows
        .filter((row) => row.kind === "adset" && row.campaignId)
        .map((row) => ({
          id: row.id,
          campaignId: row.campaignId ?? "",
          name: row.name,
          status: row.status as CampaignStatus,
          optimizationGoal: String(row.fields.optimization_goal ?? "LINK_CLICKS"),
          billingEvent: String(row.fields.billing_event ?? "CLICKS"),
          dailyBudget: numberOrNull(row.fields.daily_budget),
          lifetimeBudget: numberOrNull(row.fields.lifetime_budget),
          targeting: row.fields.targeting as AdSetTargeting,
          startTime: dateOrNull(row.fields.start_time),
          endTime: dateOrNull(row.fields.end_time),
          createdTime: row.createdAt,
          insights: sandboxDelivery(row, ref.range, at),
        }));
      return { campaigns, adSets };
    },

    async createCampaign(ref) {
      const { campaign } = ref;
      return insert(
        ref,
        { kind: "campaign", accountId: ref.accountId, name: campaign.name, status: campaign.status },
        {
          objective: campaign.objective,
          daily_budget: campaign.dailyBudget,
          lifetime_budget: campaign.lifetimeBudget,
          start_time: campaign.startTime?.toISOString() ?? null,
          end_time: campaign.endTime?.toISOString() ?? null,
          special_ad_categories: campaign.specialAdCategories,
        },
      );
    },

    async updateCampaign(ref) {
      const [row] = await db
        .select()
        .from(sandboxAdObjects)
        .where(
          and(...own(ref), eq(sandboxAdObjects.id, ref.campaignId), eq(sandboxAdObjects.kind, "campaign")),
        );
      if (!row || row.status === "DELETED")
        throw new AppError("upstream_failed", "Sandbox network: campaign not found");
      const at = now();
      const { changes } = ref;
      const status = changes.status ?? row.status;
      // Delivery time is banked when the campaign stops running, and the clock restarts when it resumes.
      const wasActive = row.status === "ACTIVE" && row.activeSince;
      const activeMs =
        wasActive && status !== "ACTIVE"
          ? row.activeMs + (at.getTime() - (row.activeSince?.getTime() ?? 0))
          : row.activeMs;
      const activeSince = status === "ACTIVE" ? (row.activeSince ?? at) : null;
      const fields = { ...row.fields };
      if (changes.dailyBudget !== undefined) fields.daily_budget = changes.dailyBudget;
      if (changes.lifetimeBudget !== undefined) fields.lifetime_budget = changes.lifetimeBudget;
      if (changes.endTime !== undefined) fields.end_time = changes.endTime?.toISOString() ?? null;
      await db
        .update(sandboxAdObjects)
        .set({ status, name: changes.name ?? row.name, fields, activeMs, activeSince, updatedAt: at })
        .where(eq(sandboxAdObjects.id, row.id));
    },

    async createAdSet(ref) {
      const [campaign] = await db
        .select({ id: sandboxAdObjects.id })
        .from(sandboxAdObjects)
        .where(
          and(...own(ref), eq(sandboxAdObjects.id, ref.campaignId), eq(sandboxAdObjects.kind, "campaign")),
        );
      if (!campaign) throw new AppError("upstream_failed", "Sandbox network: campaign not found");
      const { adSet } = ref;
      return insert(
        ref,
        {
          kind: "adset",
          accountId: ref.accountId,
          campaignId: ref.campaignId,
          name: networkAdSetName(adSet.name),
          status: adSet.status,
        },
        {
          optimization_goal: adSet.optimizationGoal,
          billing_event: adSet.billingEvent,
          daily_budget: adSet.dailyBudget,
          lifetime_budget: adSet.lifetimeBudget,
          targeting: adSet.targeting,
          start_time: adSet.startTime?.toISOString() ?? null,
          end_time: adSet.endTime?.toISOString() ?? null,
        },
      );
    },

    async findCampaign(ref) {
      const [row] = await db
        .select({ id: sandboxAdObjects.id })
        .from(sandboxAdObjects)
        .where(
          and(
            ...own(ref),
            eq(sandboxAdObjects.kind, "campaign"),
            eq(sandboxAdObjects.accountId, ref.accountId),
            eq(sandboxAdObjects.name, ref.name),
            gte(sandboxAdObjects.createdAt, ref.since),
          ),
        );
      return row?.id ?? null;
    },

    async findAdSet(ref) {
      const [row] = await db
        .select({ id: sandboxAdObjects.id })
        .from(sandboxAdObjects)
        .where(
          and(
            ...own(ref),
            eq(sandboxAdObjects.kind, "adset"),
            eq(sandboxAdObjects.campaignId, ref.campaignId),
            eq(sandboxAdObjects.name, ref.name),
            gte(sandboxAdObjects.createdAt, ref.since),
          ),
        );
      return row?.id ?? null;
    },
  };
}
