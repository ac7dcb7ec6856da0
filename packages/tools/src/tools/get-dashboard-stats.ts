import { getDashboardStats } from "@smm/domain/posts/get-dashboard-stats";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const getDashboardStatsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The dashboard's totals for the active brand: all, pending, approved, denied, Facebook, Instagram, AI generated.",
    inputSchema: noInput,
    execute: async () => getDashboardStats(await ctx.brand()),
  });
