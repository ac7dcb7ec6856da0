import { writeSocialPost, writeSocialPostInput } from "@smm/domain/suggestions/write-social-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const writeSocialPostTool = (ctx: ToolContext) =>
  tool({
    description:
      "Write a caption about a topic for Facebook or Instagram in the active brand's tone and language, keeping its do-not-mention list. Returns the text only; no post is created.",
    inputSchema: writeSocialPostInput,
    execute: async (input) => writeSocialPost(await ctx.brand(), input),
  });
