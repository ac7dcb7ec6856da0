import type { CampaignSlot } from "../ports";
import {
  BEST_DAY_COUNT,
  BEST_TIME_COUNT,
  ENGAGEMENT_BY_WEEKDAY,
  POSTING_TIMES,
  type SuggestionPlatform,
} from "./schemas";

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const DAY_MS = 86_400_000;

/** Weekdays (0 = Sunday) ranked by the spec's engagement curve, best first: Wed, Thu, Tue, Fri, Mon, Sat, Sun. */
export const RANKED_DAYS = [0, 1, 2, 3, 4, 5, 6].sort(
  (a, b) => (ENGAGEMENT_BY_WEEKDAY[b] ?? 0) - (ENGAGEMENT_BY_WEEKDAY[a] ?? 0) || a - b,
);

/**
 * The order in which a week's posts take (weekday, time) slots: the spec's best times on its best days
 * first (nine slots), then the best times on the other days, then the extra times on every day. Spreading
 * over days before doubling up on one keeps a 5-a-week plan on Wed, Thu and Tue at noon, then Wed and Thu
 * at 5 PM.
 */
const WEEK_SLOT_ORDER: { day: number; timeIndex: number }[] = (() => {
  const bestDays = RANKED_DAYS.slice(0, BEST_DAY_COUNT);
  const otherDays = RANKED_DAYS.slice(BEST_DAY_COUNT);
  const order: { day: number; timeIndex: number }[] = [];
  for (const days of [bestDays, otherDays])
    for (let timeIndex = 0; timeIndex < BEST_TIME_COUNT; timeIndex++)
      for (const day of days) order.push({ day, timeIndex });
  for (let timeIndex = BEST_TIME_COUNT; timeIndex < POSTING_TIMES.length; timeIndex++)
    for (const day of RANKED_DAYS) order.push({ day, timeIndex });
  return order;
})();

/** How many posts a week can hold (7 days x the posting times). */
export const MAX_SLOTS_PER_WEEK = WEEK_SLOT_ORDER.length;

/**
 * Predicted engagement in percent for a weekday and time: the spec's placeholder curve scaled so its best
 * day at the best time is 90, less 2 points per step down the time ranking. A heuristic, not measured data;
 * it orders the suggestions the way the agent page does.
 */
export function predictEngagement(day: number, timeIndex: number): number {
  const best = Math.max(...ENGAGEMENT_BY_WEEKDAY);
  const score = Math.round(((ENGAGEMENT_BY_WEEKDAY[day] ?? 0) / best) * 90) - 2 * timeIndex;
  return Math.min(100, Math.max(0, score));
}

export interface PlannedSlot extends CampaignSlot {
  engagementScore: number;
}

/**
 * The dated slots of a campaign: `weeks` seven-day windows starting tomorrow on the user's calendar (so
 * every slot is in the future), each with `postsPerWeek` slots in the order above, at wall-clock times in
 * the user's zone. Soonest first; platforms alternate in the order given.
 */
export function planCampaignSlots(options: {
  now: Date;
  weeks: number;
  postsPerWeek: number;
  platforms: readonly SuggestionPlatform[];
  utcOffsetMinutes: number;
}): PlannedSlot[] {
  const offsetMs = options.utcOffsetMinutes * 60_000;
  const local = new Date(options.now.getTime() + offsetMs);
  const firstDay = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  const firstWeekday = new Date(firstDay).getUTCDay();
  const perWeek = WEEK_SLOT_ORDER.slice(0, Math.min(options.postsPerWeek, MAX_SLOTS_PER_WEEK));

  const dated: Omit<PlannedSlot, "platform">[] = [];
  for (let week = 0; week < options.weeks; week++) {
    const windowStart = firstDay + week * 7 * DAY_MS;
    for (const { day, timeIndex } of perWeek) {
      const time = POSTING_TIMES[timeIndex] ?? "12:00";
      const [hours, minutes] = time.split(":").map(Number);
      const wallClock =
        windowStart +
        ((day - firstWeekday + 7) % 7) * DAY_MS +
        ((hours ?? 12) * 60 + (minutes ?? 0)) * 60_000;
      dated.push({
        scheduledDate: new Date(wallClock - offsetMs).toISOString(),
        weekday: WEEKDAY_NAMES[day] ?? "Wednesday",
        time,
        week: week + 1,
        engagementScore: predictEngagement(day, timeIndex),
      });
    }
  }
  dated.sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate));
  return dated.map((slot, index) => ({
    ...slot,
    platform: options.platforms[index % options.platforms.length] ?? "facebook",
  }));
}
