import { reschedulePost, reschedulePostInput } from "@smm/domain/posts/reschedule-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const reschedulePostTool = (ctx: ToolContext) =>
  tool({
    description: "Move a scheduled post to another future date and time, or take its date away with null.",
    inputSchema: reschedulePostInput,
    execute: async (input) => reschedulePost(await ctx.brand(), input),
  });
