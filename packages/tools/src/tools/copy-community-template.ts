import { copyCommunityTemplate, templateIdInput } from "@smm/domain/templates/copy-community-template";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const copyCommunityTemplateTool = (ctx: ToolContext) =>
  tool({
    description:
      "Copy a community template into the active brand's templates as a private template the user can edit.",
    inputSchema: templateIdInput,
    execute: async (input) => copyCommunityTemplate(await ctx.brand(), input),
  });
