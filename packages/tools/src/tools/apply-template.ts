import { applyTemplate, templateIdInput } from "@smm/domain/templates/apply-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const applyTemplateTool = (ctx: ToolContext) =>
  tool({
    description:
      "Fill a template's prompts with the active brand's values (brand name, industry, audience, key message, tone, language, colours) for the generator; counts one use.",
    inputSchema: templateIdInput,
    execute: async (input) => applyTemplate(await ctx.brand(), input),
  });
