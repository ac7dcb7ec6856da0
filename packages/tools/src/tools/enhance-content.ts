import { enhanceContent, enhanceContentInput } from "@smm/domain/ai/enhance-content";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const enhanceContentTool = (ctx: ToolContext) =>
  tool({
    description:
      "Rewrite a brand or profile field's text so it reads better (the Enhance button of the settings).",
    inputSchema: enhanceContentInput,
    execute: async (input) => enhanceContent(await ctx.brand(), input),
  });
