import { listPosts, listPostsInput } from "@smm/domain/posts/list-posts";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const listPostsTool = (ctx: ToolContext) =>
  tool({
    description:
      "List the active brand's posts with filters (status, platform, source, search), a sort and keyset pages.",
    inputSchema: listPostsInput,
    execute: async (input) => listPosts(await ctx.brand(), input),
  });
