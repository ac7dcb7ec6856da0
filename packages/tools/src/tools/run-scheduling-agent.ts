import { runSchedulingAgent, runSchedulingAgentInput } from "@smm/domain/agent/run-scheduling-agent";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const runSchedulingAgentTool = (ctx: ToolContext) =>
  tool({
    description:
      "Run the smart scheduling agent now for the active brand (Enterprise only): it compares the next 7 days with the weekly target and generates posts for the gap on the best open times. The posts wait for the user's approval; nothing is approved or published.",
    inputSchema: runSchedulingAgentInput,
    execute: async (input) => runSchedulingAgent(await ctx.brand(), input),
  });
