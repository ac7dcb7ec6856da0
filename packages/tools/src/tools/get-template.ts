import { getTemplate, templateIdInput } from "@smm/domain/templates/get-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const getTemplateTool = (ctx: ToolContext) =>
  tool({
    description: "One template by id: the user's own, or a public community template.",
    inputSchema: templateIdInput,
    execute: async (input) => getTemplate(ctx.user, input),
  });
