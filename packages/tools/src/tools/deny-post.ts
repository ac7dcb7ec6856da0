import { denyPost, denyPostInput } from "@smm/domain/posts/deny-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const denyPostTool = (ctx: ToolContext) =>
  tool({
    description: "Deny a pending post with feedback saying why.",
    inputSchema: denyPostInput,
    execute: async (input) => denyPost(await ctx.brand(), input),
  });
