/*
 * Wall-clock dates in one IANA zone, for specs whose page runs in that zone (Playwright's timezoneId): the
 * spec and the page then agree on "today", "noon" and "a week later" on any machine, in any zone, across
 * month ends and DST changes.
 */
const pad = (n: number) => String(n).padStart(2, "0");

export interface ZonedDates {
  /** The instant the zone's clocks read year-month-day hour:minute (month from 1; days may overflow). */
  at(year: number, month: number, day: number, hour?: number, minute?: number): Date;
  /** The zone's calendar day of an instant, as YYYY-MM-DD. */
  dayKey(date: Date): string;
  /** `days` after the zone's day of `from`, at `hour` o'clock there. */
  daysFrom(from: Date, days: number, hour?: number): Date;
  /** As the calendar's screen reader announcements say a day: "Monday, November 30, 2026". */
  spoken(date: Date): string;
}

export function createZonedDates(zone: string): ZonedDates {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const wallClock = (date: Date) => {
    const fields: Record<string, number> = {};
    for (const part of format.formatToParts(date))
      if (part.type !== "literal") fields[part.type] = Number(part.value);
    return fields as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  };
  // How far the zone's clocks are ahead of UTC at an instant.
  const offsetAt = (time: number) => {
    const wall = wallClock(new Date(time));
    return (
      Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
      Math.floor(time / 1000) * 1000
    );
  };
  const at = (year: number, month: number, day: number, hour = 0, minute = 0) => {
    const wall = Date.UTC(year, month - 1, day, hour, minute);
    // Twice: the offset at the first guess may be the other side of a DST change.
    const guess = wall - offsetAt(wall);
    return new Date(wall - offsetAt(guess));
  };
  return {
    at,
    dayKey(date) {
      const wall = wallClock(date);
      return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
    },
    daysFrom(from, days, hour = 12) {
      const wall = wallClock(from);
      return at(wall.year, wall.month, wall.day + days, hour);
    },
    spoken(date) {
      return date.toLocaleDateString("en-US", {
        timeZone: zone,
        weekday: "long",
        month: "long",
        day: "numeric",
        year: "numeric",
      });
    },
  };
}

/**
 * The days a date-dependent spec runs on, at 10:00 in the zone: a month's last days, a year's end, a leap day
 * and a DST change (America/New_York's spring change when the zone is that one), so it passes on any day the
 * suite runs and on the days that broke calendars before.
 */
export function dateSensitiveClocks(zoned: ZonedDates): Record<string, Date> {
  return {
    "2026-11-27": zoned.at(2026, 11, 27, 10),
    "2026-12-31": zoned.at(2026, 12, 31, 10),
    "2028-02-29": zoned.at(2028, 2, 29, 10),
    "the DST change of 2027-03-14": zoned.at(2027, 3, 14, 10),
  };
}
