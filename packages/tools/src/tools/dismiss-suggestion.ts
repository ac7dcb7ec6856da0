import { dismissSuggestion, suggestionIdInput } from "@smm/domain/suggestions/dismiss-suggestion";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const dismissSuggestionTool = (ctx: ToolContext) =>
  tool({
    description: "Dismiss one of the active brand's post suggestions; it no longer appears in the lists.",
    inputSchema: suggestionIdInput,
    execute: async (input) => dismissSuggestion(await ctx.brand(), input),
  });
