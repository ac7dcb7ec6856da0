import { updateCampaign, updateCampaignInput } from "@smm/domain/campaigns/update-campaign";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const updateCampaignTool = (ctx: ToolContext) =>
  tool({
    description:
      "Change a campaign (campaignId from listCampaigns): status 'PAUSED' pauses it, 'ACTIVE' resumes it; or a new name, budget (minor units, of the campaign's own budget type) or endTime.",
    inputSchema: updateCampaignInput,
    execute: async (input) => updateCampaign(await ctx.brand(), input),
  });
