import { switchBrand, switchBrandInput } from "@smm/domain/brands/switch-brand";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const switchBrandTool = (ctx: ToolContext) =>
  tool({
    description: "Make another of the user's brands the active one.",
    inputSchema: switchBrandInput,
    execute: (input) => switchBrand(ctx.user, input),
  });
