import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { type AgentSettings, agentSettings } from "../db/schema";
import { parseInput } from "../parse-input";
import { getPlan } from "../plans/get-plan";
import { declareUseCase } from "../use-case";
import { readAgentSettings, toAgentSettingsView } from "./agent-settings";
import { fillScheduleGapsOfUser, requireSchedulingAgentPlan } from "./scheduling-agent";
import {
  type AgentSettingsView,
  agentSettingsView,
  type UpdateAgentSettingsInput,
  updateAgentSettingsInput,
} from "./schemas";

export { type UpdateAgentSettingsInput, updateAgentSettingsInput };

/** Fields whose change means the agent's plan for the week may be different: it runs again. */
const SCHEDULE_FIELDS = new Set<UpdateAgentSettingsInput["field"]>([
  "scheduleAgentEnabled",
  "postsPerWeek",
  "bestPostTime",
  "timeZone",
]);

/**
 * Saves one agent setting (the page saves each field on its own, connections spec) and tells the user's
 * other open pages. Turning the smart scheduling agent on needs Enterprise (403 forbidden otherwise, nothing
 * saved); turning it off is always allowed. A change to the schedule while the agent is on runs it for the
 * user's brands at once (its own run; open suggestions count as planned, so it adds only what is missing).
 */
export async function updateAgentSettings(
  ctx: UserContext,
  input: UpdateAgentSettingsInput,
): Promise<AgentSettingsView> {
  const { field, value } = parseInput(updateAgentSettingsInput, input);
  if (field === "scheduleAgentEnabled" && value === true) await requireSchedulingAgentPlan(ctx);
  await readAgentSettings(ctx.db, ctx.userId);
  const change: Partial<AgentSettings> = { [field]: value, updatedAt: ctx.now() };
  const [row] = await ctx.db
    .update(agentSettings)
    .set(change)
    .where(eq(agentSettings.userId, ctx.userId))
    .returning();
  if (!row) throw new Error("agent settings row missing after upsert");
  await ctx.events.publish(ctx.userId, { type: "agent.settings.changed" });
  const plan = await getPlan(ctx);
  if (row.scheduleAgentEnabled && SCHEDULE_FIELDS.has(field) && plan.type === "enterprise") {
    await fillScheduleGapsOfUser(ctx, ctx.userId, `settings:${randomUUID()}`);
  }
  return toAgentSettingsView(row, plan.type);
}

export const updateAgentSettingsUseCase = declareUseCase({
  name: "updateAgentSettings",
  description:
    "Change one AI agent setting: { field, value }, e.g. { field: 'scheduleAgentEnabled', value: true } to turn the smart scheduling agent on (Enterprise only), { field: 'postsPerWeek', value: 7 } for the weekly target (1-30), { field: 'bestPostTime', value: '09:00' }. Turning the agent on, or changing the target or time while it is on, fills the next 7 days at once with posts waiting for approval.",
  scope: "user",
  input: updateAgentSettingsInput,
  output: agentSettingsView,
  run: updateAgentSettings,
});
