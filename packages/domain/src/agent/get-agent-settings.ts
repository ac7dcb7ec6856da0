import type { UserContext } from "../context";
import { noInput } from "../no-input";
import { getPlan } from "../plans/get-plan";
import { declareUseCase } from "../use-case";
import { readAgentSettings, toAgentSettingsView } from "./agent-settings";
import { type AgentSettingsView, agentSettingsView } from "./schemas";

/** The caller's agent settings with the spec's defaults (both agents off, 5 posts a week, 09:00, ...). */
export async function getAgentSettings(ctx: UserContext): Promise<AgentSettingsView> {
  const [row, plan] = await Promise.all([readAgentSettings(ctx.db, ctx.userId), getPlan(ctx)]);
  return toAgentSettingsView(row, plan.type);
}

export const getAgentSettingsUseCase = declareUseCase({
  name: "getAgentSettings",
  description:
    "The user's AI agent settings: whether the smart scheduling agent is on (and whether the plan includes it: Enterprise), the weekly target (posts per week), the best posting time, the time zone and the chat agent's settings.",
  scope: "user",
  input: noInput,
  output: agentSettingsView,
  run: getAgentSettings,
});
