import { removeWatermark } from "@smm/domain/watermark/remove-watermark";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const removeWatermarkTool = (ctx: ToolContext) =>
  tool({
    description: "Remove the brand's watermark and reset its settings.",
    inputSchema: z.object({}),
    execute: async () => removeWatermark(await ctx.brand()),
  });
