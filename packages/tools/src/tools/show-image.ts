import { showImage, showImageInput } from "@smm/domain/media/list-images";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const showImageTool = (ctx: ToolContext) =>
  tool({
    description: "Show one of the brand's images by its name (as listImages names it).",
    inputSchema: showImageInput,
    execute: async (input) => showImage(await ctx.brand(), input),
  });
