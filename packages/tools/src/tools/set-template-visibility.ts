import {
  setTemplateVisibility,
  setTemplateVisibilityInput,
} from "@smm/domain/templates/set-template-visibility";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const setTemplateVisibilityTool = (ctx: ToolContext) =>
  tool({
    description:
      "Share one of the user's templates with the community (isPublic true, shown under their display name) or make it private again.",
    inputSchema: setTemplateVisibilityInput,
    execute: async (input) => setTemplateVisibility(ctx.user, input),
  });
