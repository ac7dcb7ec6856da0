import { getAgentSettings } from "@smm/domain/agent/get-agent-settings";
import { tool } from "ai";
import type { ToolContext } from "../context";
import { noInput } from "../no-input";

export const getAgentSettingsTool = (ctx: ToolContext) =>
  tool({
    description:
      "The user's AI agent settings: whether the smart scheduling agent is on (and whether the plan includes it: Enterprise), the weekly target (posts per week), the best posting time, the time zone and the chat agent's settings.",
    inputSchema: noInput,
    execute: () => getAgentSettings(ctx.user),
  });
