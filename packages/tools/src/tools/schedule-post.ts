import { schedulePost, schedulePostInput } from "@smm/domain/posts/schedule-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const schedulePostTool = (ctx: ToolContext) =>
  tool({
    description: "Schedule an approved post at a future date and time.",
    inputSchema: schedulePostInput,
    execute: async (input) => schedulePost(await ctx.brand(), input),
  });
