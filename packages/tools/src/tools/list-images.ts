import { listImages } from "@smm/domain/media/list-images";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listImagesTool = (ctx: ToolContext) =>
  tool({
    description:
      "List the active brand's images (uploads and generated post images), newest first, with links.",
    inputSchema: noInput,
    execute: async () => listImages(await ctx.brand()),
  });
