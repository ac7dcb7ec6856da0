import { saveWatermark, saveWatermarkInput } from "@smm/domain/watermark/save-watermark";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const saveWatermarkTool = (ctx: ToolContext) =>
  tool({
    description: "Save the watermark's image and placement; saving turns the watermark on.",
    inputSchema: saveWatermarkInput,
    execute: async (input) => saveWatermark(await ctx.brand(), input),
  });
