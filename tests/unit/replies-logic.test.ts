import { describe, expect, it } from "vitest";
import {
  currentWeek,
  formatReplyTime,
  formatWeekLabel,
  replyBarHeights,
} from "../../apps/web/src/pages/analytics/replies-logic";

describe("the analytics Replies card", () => {
  it("says how long the first reply takes in the two largest units, a dash when there is none", () => {
    expect(formatReplyTime(null)).toBe("—");
    expect(formatReplyTime(0.4)).toBe("< 1 min");
    expect(formatReplyTime(42)).toBe("42 min");
    expect(formatReplyTime(59.6)).toBe("1 h");
    expect(formatReplyTime(185)).toBe("3 h 5 min");
    expect(formatReplyTime(180)).toBe("3 h");
    expect(formatReplyTime(2 * 1_440 + 4 * 60 + 10)).toBe("2 d 4 h");
    expect(formatReplyTime(1_440)).toBe("1 d");
  });

  it("names each week by its Monday in UTC, whatever the browser's zone", () => {
    expect(formatWeekLabel("2026-03-16T00:00:00.000Z")).toBe("Mar 16");
  });

  it("draws each week's bar against the busiest week, and this week is the last", () => {
    const week = (replies: number, weekStart: string) => ({
      weekStart,
      comments: replies * 2,
      replies,
      medianFirstReplyMinutes: replies ? 30 : null,
    });
    const weeks = [
      week(0, "2026-03-02T00:00:00Z"),
      week(2, "2026-03-09T00:00:00Z"),
      week(4, "2026-03-16T00:00:00Z"),
    ];
    expect(replyBarHeights(weeks)).toEqual([0, 50, 100]);
    expect(replyBarHeights([week(0, "2026-03-16T00:00:00Z")])).toEqual([0]);
    expect(currentWeek({ weeks, replies: 6, medianFirstReplyMinutes: 30 })?.replies).toBe(4);
  });
});
