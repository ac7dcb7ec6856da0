import { acknowledgePlanWelcome } from "@smm/domain/plans/acknowledge-plan-welcome";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const acknowledgePlanWelcomeTool = (ctx: ToolContext) =>
  tool({
    description: "Mark the upgrade welcome of the current paid plan as seen, so it does not open again.",
    inputSchema: noInput,
    execute: () => acknowledgePlanWelcome(ctx.user),
  });
