import { updateBrandField, updateBrandFieldInput } from "@smm/domain/brands/update-brand-field";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const updateBrandFieldTool = (ctx: ToolContext) =>
  tool({
    description:
      "Change one brand-settings or company-profile field of the active brand (e.g. tone, primaryColor, targetAudience), validated by the same rules as the settings screen.",
    inputSchema: updateBrandFieldInput,
    execute: async (input) => updateBrandField(await ctx.brand(), input),
  });
