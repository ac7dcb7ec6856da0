import { favouriteTemplate, templateIdInput } from "@smm/domain/templates/favourite-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const favouriteTemplateTool = (ctx: ToolContext) =>
  tool({
    description: "Add a community template to the user's favourites.",
    inputSchema: templateIdInput,
    execute: async (input) => favouriteTemplate(ctx.user, input),
  });
