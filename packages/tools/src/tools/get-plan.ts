import { getPlan } from "@smm/domain/plans/get-plan";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const getPlanTool = (ctx: ToolContext) =>
  tool({
    description: "The user's plan, its limits and this period's usage.",
    inputSchema: noInput,
    execute: () => getPlan(ctx.user),
  });
