import { listImageStyles } from "@smm/domain/generation/list-image-styles";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const listImageStylesTool = (ctx: ToolContext) =>
  tool({
    description: "The image styles a post can be generated in, and which ones the user's plan allows.",
    inputSchema: z.object({}),
    execute: () => listImageStyles(ctx.user),
  });
