import { listImages } from "@smm/domain/media/list-images";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const listImagesTool = (ctx: ToolContext) =>
  tool({
    description:
      "List the active brand's images (uploads and generated post images), newest first, with links.",
    inputSchema: z.object({}),
    execute: async () => listImages(await ctx.brand()),
  });
