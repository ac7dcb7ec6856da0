import { createAdSet, createAdSetInput } from "@smm/domain/campaigns/create-ad-set";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const createAdSetTool = (ctx: ToolContext) =>
  tool({
    description:
      "Create an ad set in a campaign (campaignId from listCampaigns). Defaults: optimization LINK_CLICKS, billing CLICKS, daily budget 1000 minor units, ages 18-65, all genders (genders [1] men, [2] women), countries ['US'] (offered: US, CA, GB, DE, FR, IT, ES, NL, AU, JP).",
    inputSchema: createAdSetInput,
    execute: async (input) => createAdSet(await ctx.brand(), input),
  });
