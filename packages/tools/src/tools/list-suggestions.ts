import { listSuggestions } from "@smm/domain/suggestions/list-suggestions";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listSuggestionsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The active brand's open post suggestions (from campaign plans and the calendar analysis): not dismissed, dated in the future, soonest first.",
    inputSchema: noInput,
    execute: async () => listSuggestions(await ctx.brand()),
  });
