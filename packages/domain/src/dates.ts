/*
 * The app's one way to write a calendar date for people: "December 27, 2026". Notifications and chat replies
 * are written on the server (UTC); screens pass the browser's zone (undefined) so the day is the user's.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatLongDate(value: Date | string, timeZone: string | undefined = "UTC"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const key = timeZone ?? "local";
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/Paris"); false for anything else. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC that `timeZone`'s clocks show at `instant` (its DST included). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  let formatter = zoneParts.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneParts.set(timeZone, formatter);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(instant).find((found) => found.type === type)?.value ?? 0);
  const shown = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return Math.round((shown - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in `timeZone` names (month 0-based, days past the month's end roll over):
 * the zone's offset on that day, not today's, so "tomorrow at 9" stays 9 across a DST change. A time the
 * spring change skips is read with the offset before it (2:30 becomes 3:30); a time the autumn change
 * repeats is its first occurrence.
 */
export function zonedWallClockToInstant(
  wall: { year: number; month: number; day: number; hours: number; minutes: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month, wall.day, wall.hours, wall.minutes);
  const before = offsetMinutesAt(new Date(asUtc - 86_400_000 / 2), timeZone);
  const after = offsetMinutesAt(new Date(asUtc + 86_400_000 / 2), timeZone);
  // Each offset the day could have, tried earliest instant first; one whose clock reads the time wins.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const instant = new Date(asUtc - offset * 60_000);
    if (offsetMinutesAt(instant, timeZone) === offset) return instant;
  }
  return new Date(asUtc - before * 60_000);
}

/** The calendar date and clock `timeZone` shows at `instant`. */
export function zonedWallClock(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; weekday: number; hours: number; minutes: number } {
  const shifted = new Date(instant.getTime() + offsetMinutesAt(instant, timeZone) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}
