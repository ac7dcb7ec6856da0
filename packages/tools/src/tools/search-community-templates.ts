import {
  searchCommunityTemplates,
  searchCommunityTemplatesInput,
} from "@smm/domain/templates/search-community-templates";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const searchCommunityTemplatesTool = (ctx: ToolContext) =>
  tool({
    description:
      "Search the community library of public templates by words and category, sorted popular, newest or alphabetical; 50 a page, pass nextCursor for more.",
    inputSchema: searchCommunityTemplatesInput,
    execute: async (input) => searchCommunityTemplates(ctx.user, input),
  });
