import { analyzeWebsite, analyzeWebsiteInput } from "@smm/domain/knowledge/analyze-website";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const analyzeWebsiteTool = (ctx: ToolContext) =>
  tool({
    description:
      "Read a public web page (http or https) and return its title, summary, key points and the brand info it states; the brand's fields that are present and different are updated, and the page becomes searchable with searchSite.",
    inputSchema: analyzeWebsiteInput,
    execute: async (input) => analyzeWebsite(await ctx.brand(), input),
  });
