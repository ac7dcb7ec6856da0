import { updateBrandSettings, updateBrandSettingsInput } from "@smm/domain/brands/update-brand-settings";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const updateBrandSettingsTool = (ctx: ToolContext) =>
  tool({
    description: "Save several brand-settings fields at once, as the Brand Settings form does.",
    inputSchema: updateBrandSettingsInput,
    execute: async (input) => updateBrandSettings(await ctx.brand(), input),
  });
