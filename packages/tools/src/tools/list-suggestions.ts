import { listSuggestions } from "@smm/domain/suggestions/list-suggestions";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const listSuggestionsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The active brand's open post suggestions (from campaign plans and the calendar analysis): not dismissed, dated in the future, soonest first.",
    inputSchema: z.object({}),
    execute: async () => listSuggestions(await ctx.brand()),
  });
