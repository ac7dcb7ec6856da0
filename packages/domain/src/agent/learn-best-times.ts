import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { RANKED_DAYS } from "../suggestions/plan-campaign-slots";
import {
  BEST_DAY_COUNT,
  BEST_TIME_COUNT,
  ENGAGEMENT_BY_WEEKDAY,
  POSTING_TIMES,
} from "../suggestions/schemas";
import { insightsSourceOf } from "./post-insights";

/** Issue 18: best days and times are learned once the brand has this many published posts with insights. */
export const MIN_LEARNING_SAMPLE = 10;
/** The newest published posts the learning reads; older habits matter less and the network call stays small. */
const MAX_LEARNING_SAMPLE = 200;

export interface BestTimes {
  /** "learned" from the brand's published posts, or the spec's placeholder curve ("estimate"). */
  source: "learned" | "estimate";
  /** Published posts with insights the learning used (0 for the estimate). */
  sampleSize: number;
  /** Engagement by weekday, Sunday to Saturday: average engagement per post, or the placeholder curve. */
  engagementByWeekday: number[];
  /** Weekdays (0 = Sunday), best first, all seven. */
  rankedDays: number[];
  /** 24-hour wall-clock times, best first (at least BEST_TIME_COUNT). */
  rankedTimes: string[];
}

export const ESTIMATED_BEST_TIMES: BestTimes = {
  source: "estimate",
  sampleSize: 0,
  engagementByWeekday: [...ENGAGEMENT_BY_WEEKDAY],
  rankedDays: RANKED_DAYS,
  rankedTimes: [...POSTING_TIMES],
};

const average = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The brand's best weekdays and hours from its own published posts (engagement by weekday and hour on the
 * user's clock) when at least MIN_LEARNING_SAMPLE of them have insights from the network; otherwise the
 * spec's placeholder curve, labelled an estimate. A network that cannot be asked also gives the estimate:
 * the page and the agent still work, they just do not learn.
 */
export async function learnBestTimes(ctx: BrandContext, utcOffsetMinutes: number): Promise<BestTimes> {
  const source = insightsSourceOf(ctx.social);
  if (!source) return ESTIMATED_BEST_TIMES;
  const published = await ctx.db
    .select({ externalId: posts.externalPostId, postedAt: posts.postedAt })
    .from(posts)
    .where(
      and(
        eq(posts.brandId, ctx.brandId),
        eq(posts.status, "approved"),
        isNotNull(posts.postedAt),
        isNotNull(posts.externalPostId),
      ),
    )
    .orderBy(desc(posts.postedAt))
    .limit(MAX_LEARNING_SAMPLE);
  if (published.length < MIN_LEARNING_SAMPLE) return ESTIMATED_BEST_TIMES;

  let insights: Awaited<ReturnType<typeof source.readPostInsights>>;
  try {
    insights = await source.readPostInsights({
      userId: ctx.userId,
      brandId: ctx.brandId,
      externalIds: published.map((row) => row.externalId ?? ""),
    });
  } catch {
    return ESTIMATED_BEST_TIMES;
  }
  const byId = new Map(insights.map((insight) => [insight.externalId, insight.engagement]));
  const byDay: number[][] = [[], [], [], [], [], [], []];
  const byHour = new Map<number, number[]>();
  let sampleSize = 0;
  for (const row of published) {
    const engagement = byId.get(row.externalId ?? "");
    if (engagement === undefined || !row.postedAt) continue;
    const local = new Date(row.postedAt.getTime() + utcOffsetMinutes * 60_000);
    byDay[local.getUTCDay()]?.push(engagement);
    const hour = local.getUTCHours();
    byHour.set(hour, [...(byHour.get(hour) ?? []), engagement]);
    sampleSize++;
  }
  if (sampleSize < MIN_LEARNING_SAMPLE) return ESTIMATED_BEST_TIMES;

  const overall = average(byDay.flat());
  // A weekday without posts gets the overall average: no evidence either way.
  const engagementByWeekday = byDay.map((values) => round1(values.length ? average(values) : overall));
  const rankedDays = [0, 1, 2, 3, 4, 5, 6].sort(
    (a, b) => (engagementByWeekday[b] ?? 0) - (engagementByWeekday[a] ?? 0) || a - b,
  );
  const learnedTimes = [...byHour.entries()]
    .sort(([hourA, a], [hourB, b]) => average(b) - average(a) || hourA - hourB)
    .map(([hour]) => `${String(hour).padStart(2, "0")}:00`);
  // Too few distinct hours: the spec's times fill the rest, so there are always enough slots for a week.
  const rankedTimes = [...new Set([...learnedTimes, ...POSTING_TIMES])];
  return { source: "learned", sampleSize, engagementByWeekday, rankedDays, rankedTimes };
}

export const bestDayIndexes = (times: BestTimes) => times.rankedDays.slice(0, BEST_DAY_COUNT);
export const bestTimeValues = (times: BestTimes) => times.rankedTimes.slice(0, BEST_TIME_COUNT);
