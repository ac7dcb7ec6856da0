import { editPost, editPostInput } from "@smm/domain/posts/edit-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const editPostTool = (ctx: ToolContext) =>
  tool({
    description:
      "Change a post's text (and optionally its image); a post already on the network is updated there too.",
    inputSchema: editPostInput,
    execute: async (input) => editPost(await ctx.brand(), input),
  });
