import { listTemplates, listTemplatesInput } from "@smm/domain/templates/list-templates";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const listTemplatesTool = (ctx: ToolContext) =>
  tool({
    description:
      "The user's own prompt templates in the active brand, optionally filtered by search words and category.",
    inputSchema: listTemplatesInput,
    execute: async (input) => listTemplates(await ctx.brand(), input),
  });
