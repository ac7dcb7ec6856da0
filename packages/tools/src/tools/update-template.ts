import { updateTemplate, updateTemplateInput } from "@smm/domain/templates/update-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const updateTemplateTool = (ctx: ToolContext) =>
  tool({
    description: "Change fields of one of the user's own templates; only the given fields change.",
    inputSchema: updateTemplateInput,
    execute: async (input) => updateTemplate(ctx.user, input),
  });
