import { eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { campaigns } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import type { CampaignChanges } from "./ads-network";
import {
  readCampaignView,
  requireAdAccount,
  requireAdsNetwork,
  requireCampaign,
  toUpstreamError,
} from "./campaign-rows";
import {
  CAMPAIGN_UPDATE_FAILED,
  type CampaignView,
  campaignView,
  type UpdateCampaignInput,
  updateCampaignInput,
} from "./schemas";

export { type UpdateCampaignInput, updateCampaignInput };

/**
 * Pause (PAUSED), resume (ACTIVE), rename, change the budget (minor units, of the campaign's own budget
 * type) or the end time: sent to the network, and our copy changed only when the network took it.
 */
export async function updateCampaign(ctx: BrandContext, input: UpdateCampaignInput): Promise<CampaignView> {
  const values = parseInput(updateCampaignInput, input);
  await requireAdAccount(ctx);
  const row = await requireCampaign(ctx, values.campaignId);
  const changes: CampaignChanges = {};
  if (values.status) changes.status = values.status;
  if (values.name) changes.name = values.name;
  if (values.budget !== undefined) {
    if (row.lifetimeBudget !== null) changes.lifetimeBudget = values.budget;
    else changes.dailyBudget = values.budget;
  }
  if (values.endTime !== undefined) changes.endTime = values.endTime ? new Date(values.endTime) : null;
  await sendCampaignChanges(ctx, row.id, row.facebookCampaignId, changes, CAMPAIGN_UPDATE_FAILED);
  return readCampaignView(ctx, row.id);
}

/** The one write path of campaign changes (updateCampaign and deleteCampaign). */
export async function sendCampaignChanges(
  ctx: BrandContext,
  rowId: string,
  facebookCampaignId: string | null,
  changes: CampaignChanges,
  failure: string,
): Promise<void> {
  // A campaign the network never confirmed cannot be changed there yet.
  if (!facebookCampaignId) throw new AppError("conflict", failure);
  try {
    await requireAdsNetwork(ctx).updateCampaign({
      userId: ctx.userId,
      brandId: ctx.brandId,
      campaignId: facebookCampaignId,
      changes,
    });
  } catch (error) {
    throw toUpstreamError(error, failure);
  }
  await ctx.db
    .update(campaigns)
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.name ? { name: changes.name } : {}),
      ...(changes.dailyBudget !== undefined ? { dailyBudget: changes.dailyBudget } : {}),
      ...(changes.lifetimeBudget !== undefined ? { lifetimeBudget: changes.lifetimeBudget } : {}),
      ...(changes.endTime !== undefined ? { endTime: changes.endTime } : {}),
    })
    .where(eq(campaigns.id, rowId));
}

export const updateCampaignUseCase = declareUseCase({
  name: "updateCampaign",
  description:
    "Change a campaign (campaignId from listCampaigns): status 'PAUSED' pauses it, 'ACTIVE' resumes it; or a new name, budget (minor units, of the campaign's own budget type) or endTime.",
  scope: "brand",
  input: updateCampaignInput,
  output: campaignView,
  run: updateCampaign,
});
