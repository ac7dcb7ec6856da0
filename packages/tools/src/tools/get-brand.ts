import { getBrand } from "@smm/domain/brands/get-brand";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const getBrandTool = (ctx: ToolContext) =>
  tool({
    description:
      "Read the active brand's settings and company profile (name, colours, tone, audience, key messages, ...).",
    inputSchema: noInput,
    execute: async () => getBrand(await ctx.brand()),
  });
