import { createCampaign, createCampaignInput } from "@smm/domain/campaigns/create-campaign";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const createCampaignTool = (ctx: ToolContext) =>
  tool({
    description:
      "Create an ad campaign on the active brand's ad account (created ACTIVE unless status 'PAUSED'). Objective defaults to OUTCOME_TRAFFIC; budget is in minor units of the account's currency (1000 = 10.00), daily by default or budgetType 'lifetime' (which may have an endTime).",
    inputSchema: createCampaignInput,
    execute: async (input) => createCampaign(await ctx.brand(), input),
  });
