import { getPost, getPostInput } from "@smm/domain/posts/get-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const getPostTool = (ctx: ToolContext) =>
  tool({
    description: "Read one post of the active brand by id.",
    inputSchema: getPostInput,
    execute: async (input) => getPost(await ctx.brand(), input),
  });
