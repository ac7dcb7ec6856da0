import { listBrands } from "@smm/domain/brands/list-brands";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const listBrandsTool = (ctx: ToolContext) =>
  tool({
    description: "List the user's brands, with which one is active.",
    inputSchema: z.object({}),
    execute: () => listBrands(ctx.user),
  });
