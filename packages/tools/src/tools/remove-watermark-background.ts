import {
  removeWatermarkBackground,
  removeWatermarkBackgroundInput,
} from "@smm/domain/watermark/remove-watermark-background";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const removeWatermarkBackgroundTool = (ctx: ToolContext) =>
  tool({
    description:
      "Make the near-white background of an uploaded watermark image transparent (threshold 5-100).",
    inputSchema: removeWatermarkBackgroundInput,
    execute: async (input) => removeWatermarkBackground(await ctx.brand(), input),
  });
