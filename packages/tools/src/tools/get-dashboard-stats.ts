import { getDashboardStats } from "@smm/domain/posts/get-dashboard-stats";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const getDashboardStatsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The dashboard's totals for the active brand: all, pending, approved, denied, Facebook, Instagram, AI generated.",
    inputSchema: z.object({}),
    execute: async () => getDashboardStats(await ctx.brand()),
  });
