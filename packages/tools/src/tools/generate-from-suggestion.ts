import {
  generateFromSuggestion,
  generateFromSuggestionInput,
} from "@smm/domain/suggestions/generate-from-suggestion";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const generateFromSuggestionTool = (ctx: ToolContext) =>
  tool({
    description:
      "Generate a post from one of the active brand's post suggestions (its idea and platform), after the plan's check. Returns the new post (generating; it waits for approval when ready) and the suggestion, now linked to it.",
    inputSchema: generateFromSuggestionInput,
    execute: async (input) => generateFromSuggestion(await ctx.brand(), input),
  });
