import { generateContentIdea, generateContentIdeaInput } from "@smm/domain/suggestions/generate-content-idea";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const generateContentIdeaTool = (ctx: ToolContext) =>
  tool({
    description:
      "Suggest a few post ideas (title, angle, best platform) for the active brand, about the topic if one is given. Nothing is saved.",
    inputSchema: generateContentIdeaInput,
    execute: async (input) => generateContentIdea(await ctx.brand(), input),
  });
