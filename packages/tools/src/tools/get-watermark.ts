import { getWatermark } from "@smm/domain/watermark/get-watermark";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const getWatermarkTool = (ctx: ToolContext) =>
  tool({
    description:
      "The active brand's watermark: image, position, size, opacity, rotation, flips, and whether it is on.",
    inputSchema: z.object({}),
    execute: async () => getWatermark(await ctx.brand()),
  });
