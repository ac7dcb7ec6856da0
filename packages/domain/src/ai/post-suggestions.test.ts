import { describe, expect, it } from "vitest";
import { suggestOptimalTime, validateAiSuggestions } from "./post-suggestions";

// Wednesday 2026-11-25, 16:20 UTC: the next day is Thursday (index 4).
const wednesday = new Date("2026-11-25T16:20:00Z");

describe("suggestOptimalTime", () => {
  it("picks the next day's heuristic hour per platform", () => {
    expect(suggestOptimalTime("facebook", wednesday, 80).toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(suggestOptimalTime("instagram", wednesday, 80).toISOString()).toBe("2026-11-26T20:30:00.000Z");
  });

  it("sets minutes by score: 0-9 above 90, :30 above 75, else :45; under 60 one more day", () => {
    expect(suggestOptimalTime("facebook", wednesday, 95, () => 0.75).toISOString()).toBe(
      "2026-11-26T18:07:00.000Z",
    );
    expect(suggestOptimalTime("facebook", wednesday, 76).getUTCMinutes()).toBe(30);
    expect(suggestOptimalTime("facebook", wednesday, 75).getUTCMinutes()).toBe(45);
    // Friday (index 5): facebook 17, instagram 17.
    expect(suggestOptimalTime("facebook", wednesday, 59).toISOString()).toBe("2026-11-27T17:45:00.000Z");
  });

  it("wraps Saturday to Sunday", () => {
    const saturday = new Date("2026-11-28T10:00:00Z");
    expect(suggestOptimalTime("facebook", saturday, 80).toISOString()).toBe("2026-11-29T13:30:00.000Z");
  });
});

describe("validateAiSuggestions", () => {
  const fallback = { platform: "facebook" as const, now: wednesday };

  it("keeps a valid prediction", () => {
    const raw = {
      optimal_time: "Tomorrow at 12:00 PM",
      reasoning: "Lunch break scrolling",
      engagement_prediction: 91.6,
      audience_match: 70,
      trend_score: 0,
      hashtags: ["#Coffee", 3],
    };
    expect(validateAiSuggestions(raw, fallback)).toEqual({
      optimal_time: "Tomorrow at 12:00 PM",
      reasoning: "Lunch break scrolling",
      engagement_prediction: 92,
      audience_match: 70,
      trend_score: 0,
      hashtags: ["#Coffee"],
    });
  });

  it("replaces a missing or out-of-range property with the spec's defaults", () => {
    for (const raw of [
      null,
      "nonsense",
      { optimal_time: "x", reasoning: "y", engagement_prediction: 101, audience_match: 50, trend_score: 50 },
      { optimal_time: 5, reasoning: "y", engagement_prediction: 50, audience_match: 50, trend_score: 50 },
      { optimal_time: "x", engagement_prediction: 50, audience_match: 50, trend_score: 50 },
    ]) {
      expect(validateAiSuggestions(raw, fallback)).toMatchObject({
        engagement_prediction: 85,
        audience_match: 80,
        trend_score: 75,
        optimal_time: "2026-11-26T18:30:00.000Z",
      });
    }
  });
});
