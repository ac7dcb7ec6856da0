import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { requireAdAccount, requireCampaign } from "./campaign-rows";
import { CAMPAIGN_UPDATE_FAILED, type DeleteCampaignInput, deleteCampaignInput } from "./schemas";
import { sendCampaignChanges } from "./update-campaign";

export { type DeleteCampaignInput, deleteCampaignInput };

/** Sets the campaign DELETED on the network and here; it leaves the list. Callers confirm first. */
export async function deleteCampaign(
  ctx: BrandContext,
  input: DeleteCampaignInput,
): Promise<{ deleted: true; campaignId: string; name: string }> {
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
