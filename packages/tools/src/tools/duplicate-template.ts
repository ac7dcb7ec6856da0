import { duplicateTemplate, templateIdInput } from "@smm/domain/templates/duplicate-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const duplicateTemplateTool = (ctx: ToolContext) =>
  tool({
    description:
      "Starting values for a private copy named '<name> (Copy)' of one of the user's templates; nothing is saved until createTemplate.",
    inputSchema: templateIdInput,
    execute: async (input) => duplicateTemplate(ctx.user, input),
  });
