import { approvePost, approvePostInput } from "@smm/domain/posts/approve-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const approvePostTool = (ctx: ToolContext) =>
  tool({
    description:
      "Approve a pending or denied post. With a future scheduledDate it is scheduled, with a past or present one it is published now, without one it waits in the calendar's Approved Content.",
    inputSchema: approvePostInput,
    execute: async (input) => approvePost(await ctx.brand(), input),
  });
