import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "../../apps/web/src/lib/relative-time";

describe("formatRelativeTime (core spec section 9: 'now', 'Nm ago', 'Nh ago', then the date)", () => {
  const now = new Date("2030-06-15T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("says 'now' for under a minute, and for a time slightly ahead of the browser's clock", () => {
    expect(formatRelativeTime(now, now)).toBe("now");
    expect(formatRelativeTime(ago(59_999), now)).toBe("now");
    expect(formatRelativeTime(new Date(now.getTime() + 5_000), now)).toBe("now");
  });

  it("counts whole minutes, then whole hours", () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe("1m ago");
    expect(formatRelativeTime(ago(59 * 60_000 + 59_000), now)).toBe("59m ago");
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe("1h ago");
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe("23h ago");
  });

  it("shows the date from 24 hours on, and accepts the API's ISO strings", () => {
    const dayOld = ago(24 * 3_600_000);
    expect(formatRelativeTime(dayOld.toISOString(), now, "en-US")).toBe(dayOld.toLocaleDateString("en-US"));
    expect(formatRelativeTime(ago(5 * 60_000).toISOString(), now)).toBe("5m ago");
  });

  it("shows nothing for an unreadable time rather than 'NaNm ago'", () => {
    expect(formatRelativeTime("not a date", now)).toBe("");
  });
});
