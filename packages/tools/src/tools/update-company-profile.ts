import { updateCompanyProfile, updateCompanyProfileInput } from "@smm/domain/brands/update-company-profile";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const updateCompanyProfileTool = (ctx: ToolContext) =>
  tool({
    description: "Save several company-profile fields at once, as the Company Profile form does.",
    inputSchema: updateCompanyProfileInput,
    execute: async (input) => updateCompanyProfile(await ctx.brand(), input),
  });
