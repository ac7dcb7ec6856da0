import { cancelPost, cancelPostInput } from "@smm/domain/posts/cancel-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const cancelPostTool = (ctx: ToolContext) =>
  tool({
    description:
      "Cancel a scheduled post: it is taken off the network and marked denied ('Post cancelled by user').",
    inputSchema: cancelPostInput,
    execute: async (input) => cancelPost(await ctx.brand(), input),
  });
