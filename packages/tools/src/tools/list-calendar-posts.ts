import { listCalendarPosts, listCalendarPostsInput } from "@smm/domain/posts/list-calendar-posts";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const listCalendarPostsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The active brand's scheduled and published posts between two times (at most 45 days), as the calendar shows a month.",
    inputSchema: listCalendarPostsInput,
    execute: async (input) => listCalendarPosts(await ctx.brand(), input),
  });
