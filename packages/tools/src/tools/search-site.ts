import { searchSite, searchSiteInput } from "@smm/domain/knowledge";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const searchSiteTool = (ctx: ToolContext) =>
  tool({
    description:
      "Full-text search over the web pages analysed for the active brand (analyzeWebsite); returns the best 5 pages with a snippet.",
    inputSchema: searchSiteInput,
    execute: async (input) => searchSite(await ctx.brand(), input),
  });
