import { removeWatermark } from "@smm/domain/watermark/remove-watermark";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const removeWatermarkTool = (ctx: ToolContext) =>
  tool({
    description: "Remove the brand's watermark and reset its settings.",
    inputSchema: noInput,
    execute: async () => removeWatermark(await ctx.brand()),
  });
