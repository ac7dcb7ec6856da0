import { createCampaignPlan, createCampaignPlanInput } from "@smm/domain/suggestions/create-campaign-plan";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const createCampaignPlanTool = (ctx: ToolContext) =>
  tool({
    description:
      "Plan a campaign for the active brand: dated post ideas for the coming weeks (default 4 weeks, the user's posts per week) on the best days and times, alternating between the given platforms. Saves them as post suggestions and returns them.",
    inputSchema: createCampaignPlanInput,
    execute: async (input) => createCampaignPlan(await ctx.brand(), input),
  });
