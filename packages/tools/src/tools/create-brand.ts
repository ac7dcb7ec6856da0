import { createBrand, createBrandInput } from "@smm/domain/brands/create-brand";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const createBrandTool = (ctx: ToolContext) =>
  tool({
    description: "Create a new brand with a name and make it the active one.",
    inputSchema: createBrandInput,
    execute: (input) => createBrand(ctx.user, input),
  });
