import { and, eq, isNull } from "drizzle-orm";
import type { BrandContext } from "../context";
import { campaigns } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import type { CampaignDraft } from "./ads-network";
import { readCampaignView, requireAdAccount, requireAdsNetwork, toUpstreamError } from "./campaign-rows";
import {
  CAMPAIGN_CREATE_FAILED,
  type CampaignView,
  type CreateCampaignInput,
  campaignView,
  createCampaignInput,
  refuseStartInPast,
} from "./schemas";

export { type CreateCampaignInput, createCampaignInput };

/**
 * Creates a campaign on the brand's ad account, exactly once: the row is recorded before the call, and a
 * create whose answer was lost (a timeout) is settled by looking the campaign up by name on the network
 * before anything is sent again, so a retry never makes a second campaign.
 */
export async function createCampaign(ctx: BrandContext, input: CreateCampaignInput): Promise<CampaignView> {
  const values = parseInput(createCampaignInput, input);
  refuseStartInPast(values.startTime, ctx.now());
  const account = await requireAdAccount(ctx);
  const ads = requireAdsNetwork(ctx);
  const ref = { userId: ctx.userId, brandId: ctx.brandId, accountId: account.accountId };
  const draft: CampaignDraft = {
    name: values.name,
    objective: values.objective,
    status: values.status,
    dailyBudget: values.budgetType === "daily" ? values.budget : null,
    lifetimeBudget: values.budgetType === "lifetime" ? values.budget : null,
    startTime: values.startTime ? new Date(values.startTime) : null,
    endTime: values.endTime ? new Date(values.endTime) : null,
    specialAdCategories: values.specialAdCategories,
  };

  // An earlier attempt of the same campaign whose answer never came: settle it before sending again.
  const [earlier] = await ctx.db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, ctx.userId),
        eq(campaigns.brandId, ctx.brandId),
        eq(campaigns.accountId, account.accountId),
        eq(campaigns.name, values.name),
        isNull(campaigns.facebookCampaignId),
      ),
    );
  if (earlier?.writeStartedAt) {
    const existing = await ads
      .findCampaign({ ...ref, name: values.name, since: earlier.writeStartedAt })
      .catch((error: unknown) => {
        throw toUpstreamError(error, CAMPAIGN_CREATE_FAILED);
      });
    if (existing) return confirm(ctx, earlier.id, existing);
    await ctx.db.delete(campaigns).where(eq(campaigns.id, earlier.id));
  }

  const startedAt = ctx.now();
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      accountId: account.accountId,
      name: draft.name,
      objective: values.objective,
      status: draft.status,
      dailyBudget: draft.dailyBudget,
      lifetimeBudget: draft.lifetimeBudget,
      startTime: draft.startTime,
      endTime: draft.endTime,
      specialAdCategories: draft.specialAdCategories,
      insights: { spend: 0, impressions: 0, clicks: 0, ctr: 0 },
      writeStartedAt: startedAt,
      createdTime: startedAt,
    })
    .returning({ id: campaigns.id });
  if (!row) throw new AppError("internal", CAMPAIGN_CREATE_FAILED);

  try {
    const { id } = await ads.createCampaign({ ...ref, campaign: draft });
    return confirm(ctx, row.id, id);
  } catch (error) {
    // The network may have made it before the answer was lost: look before calling it a failure.
    let existing: string | null;
    try {
      existing = await ads.findCampaign({ ...ref, name: draft.name, since: startedAt });
    } catch {
      // Unknown outcome: the row stays unconfirmed and the next attempt settles it first.
      throw toUpstreamError(error, CAMPAIGN_CREATE_FAILED);
    }
    if (existing) return confirm(ctx, row.id, existing);
    await ctx.db.delete(campaigns).where(eq(campaigns.id, row.id));
    throw toUpstreamError(error, CAMPAIGN_CREATE_FAILED);
  }
}

async function confirm(ctx: BrandContext, rowId: string, facebookCampaignId: string): Promise<CampaignView> {
  await ctx.db
    .update(campaigns)
    .set({ facebookCampaignId, writeStartedAt: null })
    .where(eq(campaigns.id, rowId));
  return readCampaignView(ctx, rowId);
}

export const createCampaignUseCase = declareUseCase({
  name: "createCampaign",
  description:
    "Create an ad campaign on the active brand's ad account (created ACTIVE unless status 'PAUSED'). Objective defaults to OUTCOME_TRAFFIC; budget is in minor units of the account's currency (1000 = 10.00), daily by default or budgetType 'lifetime' (which may have an endTime).",
  scope: "brand",
  input: createCampaignInput,
  output: campaignView,
  run: createCampaign,
});
