import { getWatermark } from "@smm/domain/watermark/get-watermark";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const getWatermarkTool = (ctx: ToolContext) =>
  tool({
    description:
      "The active brand's watermark: image, position, size, opacity, rotation, flips, and whether it is on.",
    inputSchema: noInput,
    execute: async () => getWatermark(await ctx.brand()),
  });
