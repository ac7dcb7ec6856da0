import { createTemplate, createTemplateInput } from "@smm/domain/templates/create-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const createTemplateTool = (ctx: ToolContext) =>
  tool({
    description:
      "Save a new prompt template in the active brand (defaults: 'Untitled Template', general, active, private). promptTemplate may use {brandName}, {industry}, {targetAudience}, {keyMessage}, {contentTone}, {language}.",
    inputSchema: createTemplateInput,
    execute: async (input) => createTemplate(await ctx.brand(), input),
  });
