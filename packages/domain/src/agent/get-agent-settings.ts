import type { UserContext } from "../context";
import { getPlan } from "../plans/get-plan";
import { readAgentSettings, toAgentSettingsView } from "./agent-settings";
import type { AgentSettingsView } from "./schemas";

/** The caller's agent settings with the spec's defaults (both agents off, 5 posts a week, 09:00, ...). */
export async function getAgentSettings(ctx: UserContext): Promise<AgentSettingsView> {
  const [row, plan] = await Promise.all([readAgentSettings(ctx.db, ctx.userId), getPlan(ctx)]);
  return toAgentSettingsView(row, plan.type);
}
