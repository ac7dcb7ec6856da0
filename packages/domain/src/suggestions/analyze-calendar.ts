import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { parseInput } from "../parse-input";
import { getDashboardStats } from "../posts/get-dashboard-stats";
import { readPostsPerWeek } from "./create-campaign-plan";
import { listSuggestions } from "./list-suggestions";
import { RANKED_DAYS, WEEKDAY_NAMES } from "./plan-campaign-slots";
import {
  ANALYSIS_SUGGESTION_COUNT,
  type AnalyzeCalendarInput,
  analyzeCalendarInput,
  BEST_DAY_COUNT,
  BEST_TIME_COUNT,
  type CalendarAnalysisView,
  ENGAGEMENT_BY_WEEKDAY,
  NEXT_OPTIMAL_POST_TIME,
  POSTING_TIMES,
} from "./schemas";

export { type AnalyzeCalendarInput, analyzeCalendarInput };

const DAY_MS = 86_400_000;
const EXCERPT_LENGTH = 80;

/** "17:00" -> "5:00 PM", as the agent page shows times. */
export function toTwelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** Sunday 00:00 of the current week on the user's clock, as an instant. */
function startOfWeek(now: Date, utcOffsetMinutes: number): Date {
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight - local.getUTCDay() * DAY_MS - utcOffsetMinutes * 60_000);
}

/**
 * The agent page's calendar analysis (connections spec): this week's approved posts against the weekly
 * target (the week runs Sunday to Saturday on the user's clock; the target is met when they reach it, the
 * gap is what is missing, never below 0), the posts waiting for approval, the next scheduled post, the
 * range's published and dated posts, and the soonest active suggestions. Engagement is the spec's
 * placeholder curve by weekday (best days Wednesday, Thursday, Tuesday; best times 12:00 PM, 5:00 PM,
 * 10:00 AM), reported as an estimate; the next optimal time is the spec's fixed text.
 */
export async function analyzeCalendar(
  ctx: BrandContext,
  input: AnalyzeCalendarInput = {},
): Promise<CalendarAnalysisView> {
  const { range, utcOffsetMinutes = 0 } = parseInput(analyzeCalendarInput, input);
  const now = ctx.now();
  const weekStart = startOfWeek(now, utcOffsetMinutes);
  const weekEnd = new Date(weekStart.getTime() + 7 * DAY_MS);
  const windowStart = new Date(now.getTime() - (range === "7d" ? 7 : 30) * DAY_MS);
  // When an approved post went (or goes) out: its publication, else its date.
  const outAt = sql`coalesce(${posts.postedAt}, ${posts.scheduledDate})`;
  const approvedBetween = (from: Date, to: Date) =>
    sql<number>`cast(count(*) filter (where ${posts.status} = 'approved' and ${outAt} >= ${from.toISOString()} and ${outAt} < ${to.toISOString()}) as integer)`;
  const dayOfWeek = sql`extract(dow from ${outAt} + make_interval(mins => ${utcOffsetMinutes}))`;
  const ownPosts = and(eq(posts.brandId, ctx.brandId), eq(posts.userId, ctx.userId));
  const ownApproved = and(ownPosts, eq(posts.status, "approved"));

  const [[counts], byWeekday, [next], stats, weeklyTarget, { suggestions }] = await Promise.all([
    ctx.db
      .select({
        thisWeek: approvedBetween(weekStart, weekEnd),
        inRange: approvedBetween(windowStart, now),
      })
      .from(posts)
      .where(ownPosts),
    ctx.db
      .select({ day: sql<number>`cast(${dayOfWeek} as integer)`, n: sql<number>`cast(count(*) as integer)` })
      .from(posts)
      .where(
        and(ownApproved, sql`${outAt} >= ${windowStart.toISOString()} and ${outAt} < ${now.toISOString()}`),
      )
      .groupBy(sql`1`),
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
    getDashboardStats(ctx),
    readPostsPerWeek(ctx),
    listSuggestions(ctx),
  ]);

  const thisWeek = counts?.thisWeek ?? 0;
  const estimate = (day: number) => ENGAGEMENT_BY_WEEKDAY[day] ?? 0;
  const posted = byWeekday.reduce((sum, row) => sum + row.n, 0);
  const weighted = byWeekday.reduce((sum, row) => sum + row.n * estimate(row.day), 0);
  const average = ENGAGEMENT_BY_WEEKDAY.reduce((sum, value) => sum + value, 0) / ENGAGEMENT_BY_WEEKDAY.length;
  // The range's busiest weekday by the curve; with no posts in the range, the curve's best day.
  const topDay = byWeekday.length
    ? byWeekday.reduce((best, row) => (estimate(row.day) > estimate(best.day) ? row : best)).day
    : (RANKED_DAYS[0] ?? 3);
  const bestTimes = POSTING_TIMES.slice(0, BEST_TIME_COUNT).map(toTwelveHour);

  return {
    range,
    scheduledPostsCount: thisWeek,
    pendingPostsCount: stats.pending,
    weeklyTarget,
    contentGap: Math.max(0, weeklyTarget - thisWeek),
    targetMet: thisWeek >= weeklyTarget,
    nextScheduledPost:
      next?.scheduledDate != null
        ? {
            id: next.id,
            platform: next.platform,
            scheduledDate: next.scheduledDate.toISOString(),
            excerpt: next.content.slice(0, EXCERPT_LENGTH),
          }
        : null,
    nextOptimalPostTime: NEXT_OPTIMAL_POST_TIME,
    engagementData: {
      dayOfWeek: WEEKDAY_NAMES.map((day, index) => ({ day, engagement: estimate(index) })),
      bestDays: RANKED_DAYS.slice(0, BEST_DAY_COUNT).map((day) => WEEKDAY_NAMES[day] ?? ""),
      bestTimes,
    },
    weeklyPerformance: {
      totalPosts: counts?.inRange ?? 0,
      averageEngagement: Math.round((posted ? weighted / posted : average) * 10) / 10,
      topPerformingDay: WEEKDAY_NAMES[topDay] ?? "Wednesday",
      topPerformingTime: bestTimes[0] ?? "12:00 PM",
    },
    suggestions: suggestions.slice(0, ANALYSIS_SUGGESTION_COUNT),
    activeSuggestionCount: suggestions.length,
  };
}
