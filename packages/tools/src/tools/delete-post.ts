import { deletePost, deletePostInput } from "@smm/domain/posts/delete-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deletePostTool = (ctx: ToolContext) =>
  tool({
    description: "Delete a post for good.",
    inputSchema: deletePostInput,
    execute: async (input) => deletePost(await ctx.brand(), input),
  });
