import { deleteTemplate, templateIdInput } from "@smm/domain/templates/delete-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const deleteTemplateTool = (ctx: ToolContext) =>
  tool({
    description: "Delete one of the user's own templates.",
    inputSchema: templateIdInput,
    execute: async (input) => deleteTemplate(ctx.user, input),
  });
