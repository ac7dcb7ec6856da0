import { and, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { BrandContext, Deps, UserContext } from "../context";
import { agentRuns, agentSettings, platforms, postSuggestions, posts, userBrands } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { insertNotification, publishNotificationCreated } from "../notifications/notification";
import { getPlan } from "../plans/get-plan";
import { removeForbidden } from "../suggestions/do-not-mention";
import { generateFromSuggestion } from "../suggestions/generate-from-suggestion";
import { WEEKDAY_NAMES } from "../suggestions/plan-campaign-slots";
import { BEST_TIME_COUNT, ENGAGEMENT_BY_WEEKDAY } from "../suggestions/schemas";
import { readAiBrand } from "../suggestions/suggestion";
import { isPlanLimitReason } from "../usage/limits";
import { localDateTime, readAgentSettings, zoneOffsetMinutes } from "./agent-settings";
import { type BestTimes, learnBestTimes } from "./learn-best-times";
import {
  agentPostsWaitingMessage,
  SCHEDULING_AGENT_ENTERPRISE_ONLY,
  type SchedulingAgentRunView,
} from "./schemas";

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 7;
const MAX_IDEA_LENGTH = 1_000;

/** Refuses the agent to a caller whose plan is not Enterprise (also when an Enterprise plan has ended). */
export async function requireSchedulingAgentPlan(ctx: UserContext): Promise<void> {
  const plan = await getPlan(ctx);
  if (plan.type !== "enterprise") throw new AppError("forbidden", SCHEDULING_AGENT_ENTERPRISE_ONLY);
}

/** Tomorrow 00:00 on the user's clock, as an instant (ms). */
function firstDayStart(now: Date, offsetMinutes: number): number {
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  return (
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - offsetMinutes * 60_000
  );
}

interface Slot {
  at: Date;
  weekday: number;
  time: string;
  timeIndex: number;
  dayRank: number;
}

/**
 * The open slots of the next 7 days (from tomorrow on the user's clock), best first: the best times on the
 * best days first, spread over days before doubling up on one, skipping any hour already taken by an
 * approved post or an open suggestion.
 */
function openSlots(now: Date, offsetMinutes: number, best: BestTimes, taken: Date[], bestPostTime: string) {
  const offsetMs = offsetMinutes * 60_000;
  const tomorrow = firstDayStart(now, offsetMinutes) + offsetMs;
  const takenHours = new Set(taken.map((date) => Math.floor(date.getTime() / 3_600_000)));
  // The user's own best posting time ranks with the learned (or estimated) best times.
  const times = [
    ...new Set([...best.rankedTimes.slice(0, BEST_TIME_COUNT), bestPostTime, ...best.rankedTimes]),
  ];
  const slots: Slot[] = [];
  for (let day = 0; day < WINDOW_DAYS; day++) {
    const date = tomorrow + day * DAY_MS;
    const weekday = new Date(date).getUTCDay();
    times.forEach((time, timeIndex) => {
      const [hours = 0, minutes = 0] = time.split(":").map(Number);
      const at = new Date(date + (hours * 60 + minutes) * 60_000 - offsetMs);
      if (takenHours.has(Math.floor(at.getTime() / 3_600_000))) return;
      slots.push({ at, weekday, time, timeIndex, dayRank: best.rankedDays.indexOf(weekday) });
    });
  }
  // Time rank first, then day rank: a 5-a-week gap lands on the five best days at the best time.
  return slots.sort((a, b) => a.timeIndex - b.timeIndex || a.dayRank - b.dayRank);
}

/** Predicted engagement in percent of a slot, the way the suggestions show it. */
function predicted(best: BestTimes, weekday: number, timeIndex: number): number {
  const curve = best.source === "learned" ? best.engagementByWeekday : [...ENGAGEMENT_BY_WEEKDAY];
  const top = Math.max(...curve, 1);
  return Math.min(100, Math.max(0, Math.round(((curve[weekday] ?? 0) / top) * 90) - 2 * timeIndex));
}

/**
 * One run of the smart scheduling agent for a brand: compares the next 7 days with the weekly target, and
 * for the gap creates suggestions on the best open slots and generates a pending post from each through
 * generateFromSuggestion (same plan check and quota; a refusal for quota stops the run). It never approves
 * or publishes. The claim on (brand, runKey) in agent_runs makes a run happen once, whichever instance or
 * restart reaches it; and because open suggestions count as planned, even a new key does not double posts.
 */
export async function fillScheduleGap(ctx: BrandContext, runKey: string): Promise<SchedulingAgentRunView> {
  await requireSchedulingAgentPlan(ctx);
  const settings = await readAgentSettings(ctx.db, ctx.userId);
  const weeklyTarget = settings.postsPerWeek;
  const [claim] = await ctx.db
    .insert(agentRuns)
    .values({ brandId: ctx.brandId, runKey, createdAt: ctx.now() })
    .onConflictDoNothing({ target: [agentRuns.brandId, agentRuns.runKey] })
    .returning({ id: agentRuns.id });
  const idle = {
    weeklyTarget,
    planned: 0,
    gap: 0,
    suggestionsCreated: 0,
    postsCreated: 0,
    stoppedByQuota: false,
  };
  if (!claim) return { ran: false, ...idle };

  const now = ctx.now();
  const offset = zoneOffsetMinutes(settings.timeZone, now);
  // The 7 days the agent fills run from tomorrow on the user's clock; what is planned is counted up to
  // their end, so a run never misses its own last day's suggestion and adds it again.
  const windowEnd = new Date(firstDayStart(now, offset) + WINDOW_DAYS * DAY_MS);
  const outAt = sql<Date>`coalesce(${posts.postedAt}, ${posts.scheduledDate})`;
  const [approved, open, best] = await Promise.all([
    ctx.db
      .select({ at: outAt })
      .from(posts)
      .where(
        and(
          eq(posts.brandId, ctx.brandId),
          eq(posts.status, "approved"),
          sql`${outAt} >= ${now.toISOString()} and ${outAt} < ${windowEnd.toISOString()}`,
        ),
      ),
    // Open suggestions hold their slot until they are dismissed, their post is denied, or it is approved
    // (then it counts as an approved post above).
    ctx.db
      .select({ at: postSuggestions.scheduledDate })
      .from(postSuggestions)
      .leftJoin(posts, eq(posts.id, postSuggestions.postId))
      .where(
        and(
          eq(postSuggestions.brandId, ctx.brandId),
          eq(postSuggestions.isUsed, false),
          gte(postSuggestions.scheduledDate, now),
          lt(postSuggestions.scheduledDate, windowEnd),
          or(isNull(postSuggestions.postId), inArray(posts.status, ["pending"])),
        ),
      ),
    learnBestTimes(ctx, offset),
  ]);
  const planned = approved.length + open.length;
  const gap = Math.max(0, weeklyTarget - planned);
  if (gap === 0) return { ran: true, ...idle, planned };

  const taken = [
    ...approved.map((row) => new Date(row.at)),
    ...open.flatMap((row) => (row.at ? [row.at] : [])),
  ];
  const slots = openSlots(now, offset, best, taken, settings.bestPostTime)
    .slice(0, gap)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const { brand, language } = await readAiBrand(ctx);
  const goal = `Keep the content calendar at ${weeklyTarget} posts a week`;
  const planSlots = slots.map((slot, index) => ({
    scheduledDate: slot.at.toISOString(),
    weekday: WEEKDAY_NAMES[slot.weekday] ?? "",
    time: slot.time,
    platform: platforms[index % platforms.length] ?? "facebook",
    week: 1,
  }));
  let ideas: Awaited<ReturnType<typeof ctx.ai.planCampaign>> = [];
  try {
    ideas = await ctx.ai.planCampaign({ brand, language, goal, slots: planSlots });
  } catch {
    // Without ideas the suggestions still fill the calendar; the post is written from the brand profile.
  }
  const saved = await ctx.db
    .insert(postSuggestions)
    .values(
      planSlots.map((slot, index) => {
        const idea = ideas[index];
        const content = removeForbidden(idea?.contentSuggestion ?? "", brand.doNotMention).slice(
          0,
          MAX_IDEA_LENGTH,
        );
        const chosen = slots[index];
        return {
          brandId: ctx.brandId,
          type: "generate_new" as const,
          platform: slot.platform,
          scheduledDate: new Date(slot.scheduledDate),
          contentSuggestion: content || null,
          reason: `Scheduling agent: fills your weekly target of ${weeklyTarget} posts on ${slot.weekday} at ${slot.time}, one of your best times.`,
          engagementScore: predicted(best, chosen?.weekday ?? 0, chosen?.timeIndex ?? 0),
        };
      }),
    )
    .returning({ id: postSuggestions.id });

  let postsCreated = 0;
  let stoppedByQuota = false;
  for (const suggestion of saved) {
    try {
      await generateFromSuggestion(ctx, { suggestionId: suggestion.id });
      postsCreated++;
    } catch (error) {
      if (isAppError(error) && isPlanLimitReason(error.reason)) {
        stoppedByQuota = true;
        break;
      }
      throw error;
    }
  }
  await ctx.db.update(agentRuns).set({ createdPosts: postsCreated }).where(eq(agentRuns.id, claim.id));
  if (postsCreated > 0) {
    const notification = await insertNotification(ctx.db, ctx.userId, {
      message: agentPostsWaitingMessage(postsCreated),
      type: "info",
      createdAt: ctx.now(),
    });
    await publishNotificationCreated(ctx, notification);
  }
  return {
    ran: true,
    weeklyTarget,
    planned,
    gap,
    suggestionsCreated: saved.length,
    postsCreated,
    stoppedByQuota,
  };
}

/** Runs the agent for each of the user's brands (a settings change, or the day's run). */
export async function fillScheduleGapsOfUser(
  deps: Deps,
  userId: string,
  runKey: string,
): Promise<SchedulingAgentRunView[]> {
  const brands = await deps.db
    .select({ id: userBrands.id })
    .from(userBrands)
    .where(eq(userBrands.userId, userId));
  const results: SchedulingAgentRunView[] = [];
  for (const brand of brands)
    results.push(await fillScheduleGap({ ...deps, userId, brandId: brand.id }, runKey));
  return results;
}

/**
 * The daily sweep behind the pg-boss job: every user with the scheduling agent on whose local time has
 * reached their best posting time gets today's run for each brand (keyed by their local date, so a second
 * instance or a later sweep the same day finds it claimed). A user whose plan is no longer Enterprise is
 * skipped; the toggle stays as they set it.
 */
export async function runDueSchedulingAgents(
  deps: Deps,
  onError: (userId: string, error: unknown) => void = () => {},
): Promise<number> {
  const enabled = await deps.db
    .select({
      userId: agentSettings.userId,
      timeZone: agentSettings.timeZone,
      bestPostTime: agentSettings.bestPostTime,
    })
    .from(agentSettings)
    .where(eq(agentSettings.scheduleAgentEnabled, true));
  const now = deps.now();
  let runs = 0;
  for (const row of enabled) {
    const local = localDateTime(now, zoneOffsetMinutes(row.timeZone, now));
    if (local.time < row.bestPostTime) continue;
    try {
      const results = await fillScheduleGapsOfUser(deps, row.userId, `day:${local.date}`);
      runs += results.filter((result) => result.ran).length;
    } catch (error) {
      if (isAppError(error) && error.code === "forbidden") continue;
      onError(row.userId, error);
    }
  }
  return runs;
}
