import { listImageStyles } from "@smm/domain/generation/list-image-styles";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listImageStylesTool = (ctx: ToolContext) =>
  tool({
    description: "The image styles a post can be generated in, and which ones the user's plan allows.",
    inputSchema: noInput,
    execute: () => listImageStyles(ctx.user),
  });
