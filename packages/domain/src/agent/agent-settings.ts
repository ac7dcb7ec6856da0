import { eq } from "drizzle-orm";
import type { DbExecutor } from "../context";
import { isKnownTimeZone, offsetMinutesAt } from "../dates";
import { type AgentSettings, agentSettings } from "../db/schema";
import type { PlanType } from "../plans/catalogue";
import type { AgentSettingsView } from "./schemas";

/** The user's agent settings, created with the spec's defaults on first read (upsert on user_id). */
export async function readAgentSettings(db: DbExecutor, userId: string): Promise<AgentSettings> {
  const [existing] = await db.select().from(agentSettings).where(eq(agentSettings.userId, userId));
  if (existing) return existing;
  await db.insert(agentSettings).values({ userId }).onConflictDoNothing({ target: agentSettings.userId });
  const [created] = await db.select().from(agentSettings).where(eq(agentSettings.userId, userId));
  if (!created) throw new Error("agent settings row missing after upsert");
  return created;
}

export function toAgentSettingsView(row: AgentSettings, plan: PlanType): AgentSettingsView {
  return {
    scheduleAgentEnabled: row.scheduleAgentEnabled,
    chatAgentEnabled: row.chatAgentEnabled,
    postsPerWeek: row.postsPerWeek,
    bestPostTime: row.bestPostTime,
    contentStyle: row.contentStyle,
    imageStyle: row.imageStyle,
    responseTime: row.responseTime,
    chatStyle: row.chatStyle,
    defaultResponse: row.defaultResponse,
    autoResponseTopics: row.autoResponseTopics,
    timeZone: row.timeZone,
    schedulingAgentAvailable: plan === "enterprise",
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Minutes to add to UTC for the wall clock of `timeZone` at `at` (DST included); 0 for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  return isKnownTimeZone(timeZone) ? offsetMinutesAt(at, timeZone) : 0;
}

/** The user's local date ('YYYY-MM-DD') and time ('HH:MM') at `at`. */
export function localDateTime(at: Date, utcOffsetMinutes: number): { date: string; time: string } {
  const iso = new Date(at.getTime() + utcOffsetMinutes * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
