import { generatePost, generatePostInput } from "@smm/domain/generation/generate-post";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const generatePostTool = (ctx: ToolContext) =>
  tool({
    description:
      "Start generating a post (caption and image) for the active brand. Returns the new pending post at once; content and image fill in the background, with progress over the events stream.",
    inputSchema: generatePostInput,
    execute: async (input) => generatePost(await ctx.brand(), input),
  });
