import { updateAgentSettings, updateAgentSettingsInput } from "@smm/domain/agent/update-agent-settings";
import { tool } from "ai";
import type { ToolContext } from "../context";

export const updateAgentSettingsTool = (ctx: ToolContext) =>
  tool({
    description:
      "Change one AI agent setting: { field, value }, e.g. { field: 'scheduleAgentEnabled', value: true } to turn the smart scheduling agent on (Enterprise only), { field: 'postsPerWeek', value: 7 } for the weekly target (1-30), { field: 'bestPostTime', value: '09:00' }. Turning the agent on, or changing the target or time while it is on, fills the next 7 days at once with posts waiting for approval.",
    inputSchema: updateAgentSettingsInput,
    execute: (input) => updateAgentSettings(ctx.user, input),
  });
