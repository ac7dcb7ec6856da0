import { listBrands } from "@smm/domain/brands/list-brands";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const listBrandsTool = (ctx: ToolContext) =>
  tool({
    description: "List the user's brands, with which one is active.",
    inputSchema: noInput,
    execute: () => listBrands(ctx.user),
  });
