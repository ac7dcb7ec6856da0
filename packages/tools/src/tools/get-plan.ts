import { getPlan } from "@smm/domain/plans/get-plan";
import { tool } from "ai";
import { z } from "zod";
import type { ToolContext } from "../context";

export const getPlanTool = (ctx: ToolContext) =>
  tool({
    description: "The user's plan, its limits and this period's usage.",
    inputSchema: z.object({}),
    execute: () => getPlan(ctx.user),
  });
