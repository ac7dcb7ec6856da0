import { deleteCampaign, deleteCampaignInput } from "@smm/domain/campaigns/delete-campaign";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deleteCampaignTool = (ctx: ToolContext) =>
  tool({
    description:
      "Delete a campaign (campaignId from listCampaigns); it cannot be undone. Before calling, ask the user: 'Are you sure you want to delete \"{name}\"? This action cannot be undone.' and call only after they confirm.",
    inputSchema: deleteCampaignInput,
    execute: async (input) => deleteCampaign(await ctx.brand(), input),
  });
