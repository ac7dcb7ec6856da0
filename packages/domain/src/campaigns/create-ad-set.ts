import { and, eq, isNull } from "drizzle-orm";
import type { BrandContext } from "../context";
import { type AdSetTargeting, adSets } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type AdSetDraft, networkAdSetName } from "./ads-network";
import {
  requireAdAccount,
  requireAdsNetwork,
  requireCampaign,
  toAdSetView,
  toUpstreamError,
} from "./campaign-rows";
import {
  AD_SET_CREATE_FAILED,
  type AdSetView,
  adSetView,
  type CreateAdSetInput,
  createAdSetInput,
  refuseStartInPast,
} from "./schemas";

export { type CreateAdSetInput, createAdSetInput };

/**
 * Creates an ad set in one of the brand's campaigns, exactly once like createCampaign: recorded before the
 * call, and a lost answer settled by finding the ad set by name in its campaign before sending again.
 */
export async function createAdSet(ctx: BrandContext, input: CreateAdSetInput): Promise<AdSetView> {
  const values = parseInput(createAdSetInput, input);
  refuseStartInPast(values.startTime, ctx.now());
  const account = await requireAdAccount(ctx);
  const campaign = await requireCampaign(ctx, values.campaignId);
  if (!campaign.facebookCampaignId) throw new AppError("conflict", AD_SET_CREATE_FAILED);
  const ads = requireAdsNetwork(ctx);
  const genders = values.genders.length === 1 ? values.genders : undefined;
  const targeting: AdSetTargeting = {
    age_min: Math.min(values.ageMin, values.ageMax),
    age_max: Math.max(values.ageMin, values.ageMax),
    ...(genders ? { genders } : {}),
    geo_locations: { countries: [...new Set(values.countries)] },
  };
  const draft: AdSetDraft = {
    name: values.name,
    status: "ACTIVE",
    optimizationGoal: values.optimizationGoal,
    billingEvent: values.billingEvent,
    dailyBudget: values.budgetType === "daily" ? values.budget : null,
    lifetimeBudget: values.budgetType === "lifetime" ? values.budget : null,
    targeting,
    startTime: values.startTime ? new Date(values.startTime) : null,
    endTime: values.endTime ? new Date(values.endTime) : null,
  };
  const ref = {
    userId: ctx.userId,
    brandId: ctx.brandId,
    accountId: account.accountId,
    campaignId: campaign.facebookCampaignId,
  };
  const find = (since: Date) => ads.findAdSet({ ...ref, name: networkAdSetName(draft.name), since });

  const [earlier] = await ctx.db
    .select()
    .from(adSets)
    .where(
      and(
        eq(adSets.userId, ctx.userId),
        eq(adSets.campaignId, campaign.id),
        eq(adSets.name, draft.name),
        isNull(adSets.facebookAdSetId),
      ),
    );
  if (earlier?.writeStartedAt) {
    const existing = await find(earlier.writeStartedAt).catch((error: unknown) => {
      throw toUpstreamError(error, AD_SET_CREATE_FAILED);
    });
    if (existing) return confirm(ctx, earlier.id, existing);
    await ctx.db.delete(adSets).where(eq(adSets.id, earlier.id));
  }

  const startedAt = ctx.now();
  const [row] = await ctx.db
    .insert(adSets)
    .values({
      campaignId: campaign.id,
      userId: ctx.userId,
      brandId: ctx.brandId,
      name: draft.name,
      status: draft.status,
      optimizationGoal: values.optimizationGoal,
      billingEvent: values.billingEvent,
      dailyBudget: draft.dailyBudget,
      lifetimeBudget: draft.lifetimeBudget,
      targeting,
      startTime: draft.startTime,
      endTime: draft.endTime,
      insights: { spend: 0, impressions: 0, clicks: 0, ctr: 0 },
      writeStartedAt: startedAt,
      createdTime: startedAt,
    })
    .returning({ id: adSets.id });
  if (!row) throw new AppError("internal", AD_SET_CREATE_FAILED);
  try {
    const campaignHasBudget = campaign.dailyBudget !== null || campaign.lifetimeBudget !== null;
    const { id } = await ads.createAdSet({ ...ref, campaignHasBudget, adSet: draft });
    return confirm(ctx, row.id, id);
  } catch (error) {
    let existing: string | null;
    try {
      existing = await find(startedAt);
    } catch {
      throw toUpstreamError(error, AD_SET_CREATE_FAILED);
    }
    if (existing) return confirm(ctx, row.id, existing);
    await ctx.db.delete(adSets).where(eq(adSets.id, row.id));
    throw toUpstreamError(error, AD_SET_CREATE_FAILED);
  }
}

async function confirm(ctx: BrandContext, rowId: string, facebookAdSetId: string): Promise<AdSetView> {
  const [row] = await ctx.db
    .update(adSets)
    .set({ facebookAdSetId, writeStartedAt: null })
    .where(eq(adSets.id, rowId))
    .returning();
  if (!row) throw new AppError("internal", AD_SET_CREATE_FAILED);
  return toAdSetView(row);
}

export const createAdSetUseCase = declareUseCase({
  name: "createAdSet",
  description:
    "Create an ad set in a campaign (campaignId from listCampaigns). Defaults: optimization LINK_CLICKS, billing CLICKS, daily budget 1000 minor units, ages 18-65, all genders (genders [1] men, [2] women), countries ['US'] (offered: US, CA, GB, DE, FR, IT, ES, NL, AU, JP).",
  scope: "brand",
  input: createAdSetInput,
  output: adSetView,
  run: createAdSet,
});
