import { listCampaigns, listCampaignsInput } from "@smm/domain/campaigns/list-campaigns";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const listCampaignsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The active brand's ad campaigns on its connected ad account, newest first, with ad sets and insights (spend in minor units of the account's currency, impressions, clicks, CTR) over range 'today', '7d', '30d' (default) or '90d'. Filter by status ('all', 'active', 'paused', 'pending') and a search on the name. Use it to find a campaign's id before changing it.",
    inputSchema: listCampaignsInput,
    execute: async (input) => listCampaigns(await ctx.brand(), input),
  });
