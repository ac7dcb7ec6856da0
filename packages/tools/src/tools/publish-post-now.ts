import { publishPostNow, publishPostNowInput } from "@smm/domain/posts/publish-post-now";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const publishPostNowTool = (ctx: ToolContext) =>
  tool({
    description: "Publish an approved post right away.",
    inputSchema: publishPostNowInput,
    execute: async (input) => publishPostNow(await ctx.brand(), input),
  });
