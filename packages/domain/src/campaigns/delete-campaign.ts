import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { requireAdAccount, requireCampaign } from "./campaign-rows";
import {
  CAMPAIGN_UPDATE_FAILED,
  type CampaignDeletedView,
  campaignDeletedView,
  type DeleteCampaignInput,
  deleteCampaignInput,
} from "./schemas";
import { sendCampaignChanges } from "./update-campaign";

export { type DeleteCampaignInput, deleteCampaignInput };

/** Sets the campaign DELETED on the network and here; it leaves the list. Callers confirm first. */
export async function deleteCampaign(
  ctx: BrandContext,
  input: DeleteCampaignInput,
): Promise<CampaignDeletedView> {
  const { campaignId } = parseInput(deleteCampaignInput, input);
  await requireAdAccount(ctx);
  const row = await requireCampaign(ctx, campaignId);
  await sendCampaignChanges(
    ctx,
    row.id,
    row.facebookCampaignId,
    { status: "DELETED" },
    CAMPAIGN_UPDATE_FAILED,
  );
  return { deleted: true, campaignId: row.id, name: row.name };
}

export const deleteCampaignUseCase = declareUseCase({
  name: "deleteCampaign",
  description:
    "Delete a campaign (campaignId from listCampaigns); it cannot be undone. Before calling, ask the user: 'Are you sure you want to delete \"{name}\"? This action cannot be undone.' and call only after they confirm.",
  scope: "brand",
  input: deleteCampaignInput,
  output: campaignDeletedView,
  run: deleteCampaign,
});
