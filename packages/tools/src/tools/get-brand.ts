import { getBrand } from "@smm/domain/brands/get-brand";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const getBrandTool = (ctx: ToolContext) =>
  tool({
    description:
      "Read the active brand's settings and company profile (name, colours, tone, audience, key messages, ...).",
    inputSchema: z.object({}),
    execute: async () => getBrand(await ctx.brand()),
  });
