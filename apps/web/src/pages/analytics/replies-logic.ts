/*
 * The Replies card's words and numbers, without React, so they are tested on their own: how long the brand
 * takes to answer ("42 min", "3 h 5 min", "2 d 4 h"), and each week's label and bar.
 */

/** One week of getResponseStats (its output, ResponseStats). */
export interface ResponseStatsWeek {
  /** Monday 00:00 UTC of the week (ISO). */
  weekStart: string;
  comments: number;
  replies: number;
  medianFirstReplyMinutes: number | null;
}

export interface ResponseStats {
  weeks: ResponseStatsWeek[];
  replies: number;
  medianFirstReplyMinutes: number | null;
}

export const REPLY_STATS_WEEKS = 8;
export const NO_REPLY_TIME = "—";

/** A time to reply in the largest two units that matter: "42 min", "3 h 5 min", "2 d 4 h"; "—" for none. */
export function formatReplyTime(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes) || minutes < 0) return NO_REPLY_TIME;
  if (minutes < 1) return "< 1 min";
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const days = Math.floor(whole / 1_440);
  const hours = Math.floor((whole % 1_440) / 60);
  const rest = whole % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "Mar 16": the week's Monday as the calendar in UTC says it (weeks start Monday 00:00 UTC). */
export function formatWeekLabel(weekStart: string): string {
  return new Date(weekStart).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** Each week's bar as a share of the busiest week's replies (0 to 100); all 0 when nothing was sent. */
export function replyBarHeights(weeks: readonly ResponseStatsWeek[]): number[] {
  const most = Math.max(0, ...weeks.map((week) => week.replies));
  return weeks.map((week) => (most === 0 ? 0 : Math.round((week.replies / most) * 100)));
}

/** This week's numbers: the last week of the answer (the stats end with the current week). */
export function currentWeek(stats: ResponseStats): ResponseStatsWeek | null {
  return stats.weeks.at(-1) ?? null;
}
