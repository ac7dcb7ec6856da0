import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { readAgentSettings, zoneOffsetMinutes } from "../agent/agent-settings";
import { bestDayIndexes, bestTimeValues, learnBestTimes } from "../agent/learn-best-times";
import type { BrandContext } from "../context";
import { brandAnalytics, posts } from "../db/schema";
import { parseInput } from "../parse-input";
import { getDashboardStats } from "../posts/get-dashboard-stats";
import { declareUseCase } from "../use-case";
import { listSuggestions } from "./list-suggestions";
import { WEEKDAY_NAMES } from "./plan-campaign-slots";
import {
  ANALYSIS_FRESH_MS,
  ANALYSIS_SUGGESTION_COUNT,
  type AnalyzeCalendarInput,
  analyzeCalendarInput,
  type CachedCalendarAnalysis,
  type CachedCalendarAnalysisAnswer,
  type CalendarAnalysisView,
  type CalendarRange,
  calendarAnalysisView,
  NEXT_OPTIMAL_POST_TIME,
  type ReadCalendarAnalysisInput,
  readCalendarAnalysisInput,
} from "./schemas";

export {
  type AnalyzeCalendarInput,
  analyzeCalendarInput,
  type ReadCalendarAnalysisInput,
  readCalendarAnalysisInput,
};

const DAY_MS = 86_400_000;
const EXCERPT_LENGTH = 80;

/** "17:00" -> "5:00 PM", as the agent page shows times. */
export function toTwelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** Sunday 00:00 of the current week on the user's clock, as an instant. */
export function startOfWeek(now: Date, utcOffsetMinutes: number): Date {
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight - local.getUTCDay() * DAY_MS - utcOffsetMinutes * 60_000);
}

/**
 * The agent page's and the dashboard's calendar analysis (connections spec): this week's approved posts
 * against the weekly target (the week runs Sunday to Saturday on the user's clock, from the browser's offset
 * or else the time zone saved in the agent settings; the target is met when they reach it, the gap is what is
 * missing, never below 0), the posts waiting for approval, the next scheduled post, the range's posts, the
 * best days and times (learned from the brand's published posts with insights, else the spec's placeholder
 * curve as an estimate) and the soonest active suggestions.
 *
 * The computed part is cached in brand_analytics per brand and range and reused while fresh (1 hour for the
 * page, 6 hours for the dashboard) unless a refresh is forced; the pending count, this week's count against
 * the target, the next scheduled post and the suggestions are always read live, so they follow the posts
 * and the settings.
 */
export async function analyzeCalendar(
  ctx: BrandContext,
  input: AnalyzeCalendarInput = {},
): Promise<CalendarAnalysisView> {
  const analysis = await analyze(ctx, parseInput(analyzeCalendarInput, input), false);
  if (!analysis) throw new Error("an analysis is always computed when none is cached");
  return analysis;
}

/**
 * The agent page's first read of a range: the brand's analysis when it has been analysed for this range
 * before (a stale one is refreshed as usual), else an explicit none (analysis: null). Never analysed is an
 * expected state, not an error: the page shows its empty state with Analyze Now.
 */
export async function readCalendarAnalysis(
  ctx: BrandContext,
  input: ReadCalendarAnalysisInput = {},
): Promise<CachedCalendarAnalysisAnswer> {
  const parsed = parseInput(readCalendarAnalysisInput, input);
  return { analysis: await analyze(ctx, { ...parsed, forceRefresh: false }, true) };
}

async function analyze(
  ctx: BrandContext,
  parsed: ReturnType<typeof analyzeCalendarInput.parse>,
  cachedOnly: boolean,
): Promise<CalendarAnalysisView | null> {
  const now = ctx.now();
  const settings = await readAgentSettings(ctx.db, ctx.userId);
  const utcOffsetMinutes = parsed.utcOffsetMinutes ?? zoneOffsetMinutes(settings.timeZone, now);

  const [cached] = parsed.forceRefresh
    ? []
    : await ctx.db
        .select({ data: brandAnalytics.data, updatedAt: brandAnalytics.updatedAt })
        .from(brandAnalytics)
        .where(and(eq(brandAnalytics.brandId, ctx.brandId), eq(brandAnalytics.timeRange, parsed.range)));
  if (cachedOnly && !parsed.forceRefresh && !cached) return null;
  const fresh =
    cached &&
    cached.data.utcOffsetMinutes === utcOffsetMinutes &&
    now.getTime() - cached.updatedAt.getTime() < ANALYSIS_FRESH_MS[parsed.freshFor];
  const [computed, stats, { suggestions }, week] = await Promise.all([
    fresh ? cached.data : computeAnalysis(ctx, parsed.range, utcOffsetMinutes),
    getDashboardStats(ctx),
    listSuggestions(ctx),
    fresh ? readWeek(ctx, utcOffsetMinutes) : null,
  ]);
  if (!fresh) {
    await ctx.db
      .insert(brandAnalytics)
      .values({ brandId: ctx.brandId, timeRange: parsed.range, data: computed, updatedAt: now })
      .onConflictDoUpdate({
        target: [brandAnalytics.brandId, brandAnalytics.timeRange],
        set: { data: computed, updatedAt: now },
      });
  }
  const weeklyTarget = settings.postsPerWeek;
  // This week's count and the next post follow the posts as the pending count does: a schedule or a
  // publish shows at once, not when the cached analysis expires.
  const scheduledPostsCount = week?.scheduledPostsCount ?? computed.scheduledPostsCount;
  return {
    ...computed,
    scheduledPostsCount,
    nextScheduledPost: week ? week.nextScheduledPost : computed.nextScheduledPost,
    pendingPostsCount: stats.pending,
    weeklyTarget,
    contentGap: Math.max(0, weeklyTarget - scheduledPostsCount),
    targetMet: scheduledPostsCount >= weeklyTarget,
    suggestions: suggestions.slice(0, ANALYSIS_SUGGESTION_COUNT),
    activeSuggestionCount: suggestions.length,
  };
}

/** When an approved post went (or goes) out: its publication, else its date. */
const outAt = sql`coalesce(${posts.postedAt}, ${posts.scheduledDate})`;

/** This week's approved posts (published or scheduled) and the next one due: read live on every call. */
async function readWeek(
  ctx: BrandContext,
  utcOffsetMinutes: number,
): Promise<Pick<CachedCalendarAnalysis, "scheduledPostsCount" | "nextScheduledPost">> {
  const now = ctx.now();
  const weekStart = startOfWeek(now, utcOffsetMinutes);
  const weekEnd = new Date(weekStart.getTime() + 7 * DAY_MS);
  const ownApproved = and(
    eq(posts.brandId, ctx.brandId),
    eq(posts.userId, ctx.userId),
    eq(posts.status, "approved"),
  );
  const [[counts], [next]] = await Promise.all([
    ctx.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(posts)
      .where(
        and(ownApproved, sql`${outAt} >= ${weekStart.toISOString()} and ${outAt} < ${weekEnd.toISOString()}`),
      ),
    ctx.db
      .select({
        id: posts.id,
        platform: posts.platform,
        scheduledDate: posts.scheduledDate,
        content: posts.content,
      })
      .from(posts)
      .where(and(ownApproved, isNull(posts.postedAt), gt(posts.scheduledDate, now)))
      .orderBy(asc(posts.scheduledDate), asc(posts.id))
      .limit(1),
  ]);
  return {
    scheduledPostsCount: counts?.n ?? 0,
    nextScheduledPost:
      next?.scheduledDate != null
        ? {
            id: next.id,
            platform: next.platform,
            scheduledDate: next.scheduledDate.toISOString(),
            excerpt: next.content.slice(0, EXCERPT_LENGTH),
          }
        : null,
  };
}

/** The analysis from the posts themselves (what the cache keeps). */
async function computeAnalysis(
  ctx: BrandContext,
  range: CalendarRange,
  utcOffsetMinutes: number,
): Promise<CachedCalendarAnalysis> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - (range === "7d" ? 7 : 30) * DAY_MS);
  const approvedBetween = (from: Date, to: Date) =>
    sql<number>`cast(count(*) filter (where ${posts.status} = 'approved' and ${outAt} >= ${from.toISOString()} and ${outAt} < ${to.toISOString()}) as integer)`;
  const dayOfWeek = sql`extract(dow from ${outAt} + make_interval(mins => ${utcOffsetMinutes}))`;
  const ownPosts = and(eq(posts.brandId, ctx.brandId), eq(posts.userId, ctx.userId));
  const ownApproved = and(ownPosts, eq(posts.status, "approved"));

  const [[counts], byWeekday, week, best] = await Promise.all([
    ctx.db
      .select({ inRange: approvedBetween(windowStart, now) })
      .from(posts)
      .where(ownPosts),
    ctx.db
      .select({ day: sql<number>`cast(${dayOfWeek} as integer)`, n: sql<number>`cast(count(*) as integer)` })
      .from(posts)
      .where(
        and(ownApproved, sql`${outAt} >= ${windowStart.toISOString()} and ${outAt} < ${now.toISOString()}`),
      )
      .groupBy(sql`1`),
    readWeek(ctx, utcOffsetMinutes),
    learnBestTimes(ctx, utcOffsetMinutes),
  ]);

  const engagementOf = (day: number) => best.engagementByWeekday[day] ?? 0;
  const posted = byWeekday.reduce((sum, row) => sum + row.n, 0);
  const weighted = byWeekday.reduce((sum, row) => sum + row.n * engagementOf(row.day), 0);
  const average = best.engagementByWeekday.reduce((sum, v) => sum + v, 0) / best.engagementByWeekday.length;
  // The range's best weekday by the engagement; with no posts in the range, the overall best day.
  const topDay = byWeekday.length
    ? byWeekday.reduce((top, row) => (engagementOf(row.day) > engagementOf(top.day) ? row : top)).day
    : (best.rankedDays[0] ?? 3);
  const bestTimes = bestTimeValues(best).map(toTwelveHour);
  const firstTime = bestTimes[0] ?? "12:00 PM";

  return {
    range,
    ...week,
    nextOptimalPostTime: best.source === "learned" ? `Tomorrow at ${firstTime}` : NEXT_OPTIMAL_POST_TIME,
    engagementData: {
      dayOfWeek: WEEKDAY_NAMES.map((day, index) => ({ day, engagement: engagementOf(index) })),
      bestDays: bestDayIndexes(best).map((day) => WEEKDAY_NAMES[day] ?? ""),
      bestTimes,
      source: best.source,
      sampleSize: best.sampleSize,
    },
    weeklyPerformance: {
      totalPosts: counts?.inRange ?? 0,
      averageEngagement: Math.round((posted ? weighted / posted : average) * 10) / 10,
      topPerformingDay: WEEKDAY_NAMES[topDay] ?? "Wednesday",
      topPerformingTime: firstTime,
    },
    analyzedAt: now.toISOString(),
    utcOffsetMinutes,
  };
}

export const analyzeCalendarUseCase = declareUseCase({
  name: "analyzeCalendar",
  description:
    "Analyse the active brand's content calendar: this week's scheduled posts against the weekly target and the gap, posts waiting for approval, the next scheduled post, the last 7 or 30 days (range '7d' or '30d'), the best days and times, and the soonest active suggestions.",
  scope: "brand",
  input: analyzeCalendarInput,
  output: calendarAnalysisView,
  run: analyzeCalendar,
});
