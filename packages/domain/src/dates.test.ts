import { describe, expect, it } from "vitest";
import { describeCancellation } from "./billing/messages";
import { formatLongDate } from "./dates";

describe("formatLongDate", () => {
  it("writes the day as the rest of the app does", () => {
    expect(formatLongDate(new Date("2026-12-27T23:30:00Z"))).toBe("December 27, 2026");
    expect(formatLongDate("2026-01-05T00:00:00Z")).toBe("January 5, 2026");
    expect(formatLongDate("not a date")).toBe("");
  });

  it("is the date of the cancellation notification, not an ISO day", () => {
    expect(describeCancellation(new Date("2026-12-27T10:00:00Z"))).toBe(
      "Your subscription has been cancelled. You will keep access to your plan until December 27, 2026.",
    );
  });
});
