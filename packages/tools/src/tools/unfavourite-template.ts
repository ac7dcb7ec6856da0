import { templateIdInput, unfavouriteTemplate } from "@smm/domain/templates/unfavourite-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const unfavouriteTemplateTool = (ctx: ToolContext) =>
  tool({
    description: "Remove a template from the user's favourites.",
    inputSchema: templateIdInput,
    execute: async (input) => unfavouriteTemplate(ctx.user, input),
  });
