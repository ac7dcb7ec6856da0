import { captionFromImage, captionFromImageInput } from "@smm/domain/captions/caption-from-image";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const captionFromImageTool = (ctx: ToolContext) =>
  tool({
    description:
      "Write a caption for one of the brand's images (an upload, e.g. the image the user just uploaded in the chat, by its id) and create a pending post with that caption and the image, for review. Counts one caption against the plan (free: 25 a month).",
    inputSchema: captionFromImageInput,
    execute: async (input) => captionFromImage(await ctx.brand(), input),
  });
