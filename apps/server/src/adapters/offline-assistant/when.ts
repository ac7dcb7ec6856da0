/*
 * When the user wants something to go out: "tomorrow at 9", "today at 3:30pm", "for Friday", "on Monday at
 * 10am", read on the user's wall clock (the browser's zone, else its offset) and answered as an ISO instant.
 */
import { zonedWallClock, zonedWallClockToInstant } from "@smm/domain/dates";

export interface WallClock {
  now: Date;
  /** Minutes to add to UTC to get the user's wall clock (the browser's -getTimezoneOffset()). */
  utcOffsetMinutes: number;
  /**
   * The browser's IANA zone, when it sent one: the day's own offset is used, so "tomorrow at 9" is 9 on
   * the user's clock even when a DST change comes before it (the offset alone is today's).
   */
  timeZone?: string | null | undefined;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** The day named, as days after the user's today: tomorrow 1, today 0, "Friday" the next Friday; else null. */
function daysAhead(
  text: string,
  today: number,
  time: { hours: number; minutes: number },
  nowMinutes: number,
) {
  if (/\btomorrow\b/.test(text)) return 1;
  if (/\btoday\b|\btonight\b/.test(text)) return 0;
  // "Black Friday" and "Cyber Monday" name a sale, not a day to post.
  const weekday = text
    .replace(/\b(?:black|cyber|good)\s+(?:friday|monday)\b/g, "")
    .match(/\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/)?.[1];
  if (!weekday) return null;
  const ahead = (WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]) - today + 7) % 7;
  // Today's own name means today while the time is still ahead, else that day next week.
  if (ahead === 0 && (/\bnext\b/.test(text) || time.hours * 60 + time.minutes <= nowMinutes)) return 7;
  return ahead;
}

/**
 * "tomorrow at 9", "today at 3:30pm", "tomorrow", "Friday", "next Monday at 10am": a wall-clock time in the
 * user's zone (noon when no time is said), as an ISO instant; null when the text names no day.
 */
export function parseWhen(text: string, ctx: WallClock): string | null {
  const lower = text.toLowerCase();
  const time = lower.match(/\bat (\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b/);
  let hours = time ? Number(time[1]) : 12;
  const minutes = time?.[2] ? Number(time[2]) : 0;
  const meridiem = time?.[3];
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  if (ctx.timeZone) {
    const today = zonedWallClock(ctx.now, ctx.timeZone);
    const day = daysAhead(lower, today.weekday, { hours, minutes }, today.hours * 60 + today.minutes);
    if (day === null || hours > 23 || minutes > 59) return null;
    return zonedWallClockToInstant(
      { year: today.year, month: today.month, day: today.day + day, hours, minutes },
      ctx.timeZone,
    ).toISOString();
  }
  // The user's calendar date now, then that day (+n) at the time, converted back to UTC.
  const local = new Date(ctx.now.getTime() + ctx.utcOffsetMinutes * 60_000);
  const day = daysAhead(
    lower,
    local.getUTCDay(),
    { hours, minutes },
    local.getUTCHours() * 60 + local.getUTCMinutes(),
  );
  if (day === null) return null;
  if (hours > 23 || minutes > 59) return null;
  const wallClock = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + day,
    hours,
    minutes,
  );
  return new Date(wallClock - ctx.utcOffsetMinutes * 60_000).toISOString();
}

/** The words that said when ("for Friday", "tomorrow at 9"), to repeat them back; null when none. */
export function whenWords(text: string): string | null {
  const match = text.match(
    /\b(?:(?:for|on|this|next)\s+)?(?:today|tonight|tomorrow|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b(?:\s+at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?/i,
  );
  return match ? match[0].trim() : null;
}
