import { analyzeCalendar, analyzeCalendarInput } from "@smm/domain/suggestions/analyze-calendar";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const analyzeCalendarTool = (ctx: ToolContext) =>
  tool({
    description:
      "Analyse the active brand's content calendar: this week's scheduled posts against the weekly target and the gap, posts waiting for approval, the next scheduled post, the last 7 or 30 days (range '7d' or '30d'), the best days and times, and the soonest active suggestions.",
    inputSchema: analyzeCalendarInput,
    execute: async (input) => analyzeCalendar(await ctx.brand(), input),
  });
