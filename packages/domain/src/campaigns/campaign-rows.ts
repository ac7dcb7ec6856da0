import { and, desc, eq, inArray, ne, or } from "drizzle-orm";
import { requireUserBrand } from "../brands/brand";
import type { BrandContext } from "../context";
import { type AdSet, adSets, type Campaign, campaigns, socialConnections } from "../db/schema";
import { AppError } from "../errors";
import { asMetaNetwork } from "../posts/messages";
import { type AdsNetwork, adsNetworkOf } from "./ads-network";
import {
  type AdSetView,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGNS_CONNECTION_REQUIRED,
  type CampaignView,
  DEFAULT_CURRENCY,
  summarizeInsights,
  toInsightsView,
} from "./schemas";

/** The brand's connected ad account (not its token: the adapter opens that itself). */
export interface BrandAdAccount {
  accountId: string;
  graphId: string;
  name: string;
  currency: string;
  accountStatus: number;
  businessName: string | null;
  network: "sandbox" | "meta";
}

/** Campaigns need a page and an ad account connected to the brand. */
export async function requireAdAccount(ctx: BrandContext): Promise<BrandAdAccount> {
  await requireUserBrand(ctx.db, ctx.userId, ctx.brandId);
  const rows = await ctx.db
    .select()
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.userId, ctx.userId),
        eq(socialConnections.brandId, ctx.brandId),
        inArray(socialConnections.provider, ["facebook", "facebook_ads"]),
      ),
    );
  const page = rows.find((row) => row.provider === "facebook");
  const ads = rows.find((row) => row.provider === "facebook_ads");
  if (!page || !ads) throw new AppError("ad_account_required", CAMPAIGNS_CONNECTION_REQUIRED);
  return {
    accountId: ads.externalAccountId,
    graphId: ads.metadata.graphId ?? `act_${ads.externalAccountId}`,
    name: ads.name ?? ads.externalAccountId,
    currency: ads.metadata.currency ?? DEFAULT_CURRENCY,
    accountStatus: ads.metadata.accountStatus ?? 0,
    businessName: ads.metadata.businessName ?? null,
    network: asMetaNetwork(ads.network),
  };
}

export function requireAdsNetwork(ctx: BrandContext): AdsNetwork {
  const ads = adsNetworkOf(ctx.social);
  if (!ads) throw new AppError("upstream_failed", CAMPAIGNS_CONNECTION_REQUIRED);
  return ads;
}

/** One of the caller's campaigns on this brand, by our id or the network's; anyone else's is not found. */
export async function requireCampaign(ctx: BrandContext, campaignId: string): Promise<Campaign> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(campaignId);
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, ctx.userId),
        eq(campaigns.brandId, ctx.brandId),
        ne(campaigns.status, "DELETED"),
        isUuid
          ? or(eq(campaigns.id, campaignId), eq(campaigns.facebookCampaignId, campaignId))
          : eq(campaigns.facebookCampaignId, campaignId),
      ),
    );
  if (!row) throw new AppError("not_found", CAMPAIGN_NOT_FOUND);
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toAdSetView(row: AdSet): AdSetView {
  return {
    id: row.id,
    facebookAdSetId: row.facebookAdSetId,
    name: row.name,
    status: row.status,
    optimizationGoal: row.optimizationGoal,
    billingEvent: row.billingEvent,
    dailyBudget: row.dailyBudget,
    lifetimeBudget: row.lifetimeBudget,
    targeting: row.targeting,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    createdTime: row.createdTime.toISOString(),
    insights: toInsightsView(row.insights),
  };
}

export function toCampaignView(row: Campaign, sets: AdSet[]): CampaignView {
  const adSetViews = sets
    .filter((set) => set.campaignId === row.id && set.status !== "DELETED")
    .map(toAdSetView);
  return {
    id: row.id,
    facebookCampaignId: row.facebookCampaignId,
    name: row.name,
    objective: row.objective,
    status: row.status,
    dailyBudget: row.dailyBudget,
    lifetimeBudget: row.lifetimeBudget,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    createdTime: row.createdTime.toISOString(),
    updatedTime: row.updatedTime.toISOString(),
    specialAdCategories: row.specialAdCategories,
    // A campaign spends through its ad sets: its numbers are theirs added up, each ad set's spend in minor
    // units as its row shows it, so the campaign's row never says €0.01 over ad sets that say €0.00.
    insights: adSetViews.length
      ? summarizeInsights(adSetViews.map((set) => set.insights))
      : toInsightsView(row.insights),
    adSets: adSetViews,
    unconfirmed: row.facebookCampaignId === null,
  };
}

/** The brand's campaigns on this ad account, newest first, with their ad sets. */
export async function readCampaignViews(ctx: BrandContext, accountId: string): Promise<CampaignView[]> {
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, ctx.userId),
        eq(campaigns.brandId, ctx.brandId),
        eq(campaigns.accountId, accountId),
        ne(campaigns.status, "DELETED"),
      ),
    )
    .orderBy(desc(campaigns.createdTime));
  if (rows.length === 0) return [];
  const sets = await ctx.db
    .select()
    .from(adSets)
    .where(
      and(
        eq(adSets.userId, ctx.userId),
        eq(adSets.brandId, ctx.brandId),
        inArray(
          adSets.campaignId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(adSets.createdTime);
  return rows.map((row) => toCampaignView(row, sets));
}

export async function readCampaignView(ctx: BrandContext, campaignId: string): Promise<CampaignView> {
  const row = await requireCampaign(ctx, campaignId);
  const sets = await ctx.db
    .select()
    .from(adSets)
    .where(and(eq(adSets.campaignId, row.id), eq(adSets.userId, ctx.userId)))
    .orderBy(adSets.createdTime);
  return toCampaignView(row, sets);
}

/** The network's refusal keeps its words; anything else becomes the spec's text for the action. */
export function toUpstreamError(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  return new AppError("upstream_failed", fallback);
}
