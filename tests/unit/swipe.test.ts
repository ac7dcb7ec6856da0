import type { PostView } from "@smm/domain/posts";
import { describe, expect, it } from "vitest";
import {
  acceptsDecision,
  DEFAULT_PREDICTION,
  formatTimeSaved,
  overlayOpacity,
  remainingCount,
  swipeDecision,
  swipeInsights,
  swipeOverlay,
  swipeProgress,
  swipeQueue,
  swipeRotation,
} from "../../apps/web/src/lib/swipe";

describe("swipeDecision (core spec section 9: a drag over 100 px decides)", () => {
  it("approves beyond 100 px to the right and denies beyond 100 px to the left", () => {
    expect(swipeDecision(101)).toBe("approve");
    expect(swipeDecision(400)).toBe("approve");
    expect(swipeDecision(-101)).toBe("deny");
    expect(swipeDecision(-400)).toBe("deny");
  });

  it("decides nothing up to and at 100 px: the card springs back", () => {
    expect(swipeDecision(0)).toBeNull();
    expect(swipeDecision(100)).toBeNull();
    expect(swipeDecision(-100)).toBeNull();
    expect(swipeDecision(60)).toBeNull();
  });
});

describe("swipeOverlay (core spec section 9: overlay after 50 px)", () => {
  it("shows APPROVE to the right and DENY to the left past 50 px", () => {
    expect(swipeOverlay(51)).toBe("approve");
    expect(swipeOverlay(-51)).toBe("deny");
  });

  it("shows nothing up to 50 px", () => {
    expect(swipeOverlay(0)).toBeNull();
    expect(swipeOverlay(50)).toBeNull();
    expect(swipeOverlay(-50)).toBeNull();
  });

  it("fades the overlay in between 50 and 100 px", () => {
    expect(overlayOpacity(50)).toBe(0);
    expect(overlayOpacity(75)).toBeCloseTo(0.5);
    expect(overlayOpacity(-100)).toBe(1);
    expect(overlayOpacity(300)).toBe(1);
  });

  it("tilts the card slightly, capped", () => {
    expect(swipeRotation(0)).toBe(0);
    expect(swipeRotation(100)).toBeGreaterThan(0);
    expect(swipeRotation(-100)).toBeLessThan(0);
    expect(swipeRotation(10_000)).toBe(15);
    expect(swipeRotation(-10_000)).toBe(-15);
  });
});

describe("acceptsDecision (core spec section 9: 300 ms debounce)", () => {
  it("accepts the first decision and one 300 ms or more after the last", () => {
    expect(acceptsDecision(1_000, null)).toBe(true);
    expect(acceptsDecision(1_300, 1_000)).toBe(true);
    expect(acceptsDecision(5_000, 1_000)).toBe(true);
  });

  it("ignores a second decision within 300 ms", () => {
    expect(acceptsDecision(1_000, 1_000)).toBe(false);
    expect(acceptsDecision(1_299, 1_000)).toBe(false);
  });
});

describe("formatTimeSaved (core spec section 9: 2.5 minutes per post)", () => {
  it("counts 2.5 minutes per reviewed post", () => {
    expect(formatTimeSaved(0)).toBe("0 minutes");
    expect(formatTimeSaved(1)).toBe("2.5 minutes");
    expect(formatTimeSaved(2)).toBe("5 minutes");
    expect(formatTimeSaved(4)).toBe("10 minutes");
    expect(formatTimeSaved(23)).toBe("57.5 minutes");
  });

  it("switches to hours from 60 minutes", () => {
    expect(formatTimeSaved(24)).toBe("1 hour");
    expect(formatTimeSaved(30)).toBe("1 hour 15 minutes");
    expect(formatTimeSaved(25)).toBe("1 hour 2.5 minutes");
    expect(formatTimeSaved(48)).toBe("2 hours");
    expect(formatTimeSaved(50)).toBe("2 hours 5 minutes");
  });
});

describe("swipeProgress ('N of M')", () => {
  it("starts at 1 of the pending count", () => {
    expect(swipeProgress(0, 4)).toEqual({ current: 1, total: 4 });
  });

  it("advances as posts are reviewed, keeping the total", () => {
    expect(swipeProgress(1, 3)).toEqual({ current: 2, total: 4 });
    expect(swipeProgress(3, 1)).toEqual({ current: 4, total: 4 });
  });

  it("grows with posts that arrive and shrinks with posts handled elsewhere", () => {
    expect(swipeProgress(1, 4)).toEqual({ current: 2, total: 5 });
    expect(swipeProgress(1, 2)).toEqual({ current: 2, total: 3 });
  });

  it("never shows a post beyond the total", () => {
    expect(swipeProgress(4, 0)).toEqual({ current: 4, total: 4 });
    expect(swipeProgress(0, 0)).toEqual({ current: 0, total: 0 });
    expect(swipeProgress(-1, -2)).toEqual({ current: 0, total: 0 });
  });
});

function post(id: string, overrides: Partial<PostView> = {}): PostView {
  return {
    id,
    brandId: "brand",
    content: `Post ${id}`,
    imageUrl: null,
    imageId: null,
    format: "feed",
    media: [],
    firstComment: null,
    platform: "facebook",
    status: "pending",
    state: "pending",
    scheduledDate: null,
    postedAt: null,
    feedback: null,
    language: "en",
    aiGenerated: true,
    aiSuggestions: null,
    source: "manual",
    generation: { status: null, stage: null, progress: null, error: null },
    facebookPostId: null,
    externalPostId: null,
    externalUrl: null,
    groupId: null,
    publishedVia: null,
    publishing: null,
    availableActions: ["edit", "approve", "deny", "delete"],
    optimalTime: null,
    createdAt: "2030-01-01T00:00:00.000Z",
    updatedAt: "2030-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("swipeQueue and remainingCount", () => {
  it("keeps the server's order, skipping decided posts and posts still generating", () => {
    const posts = [post("a"), post("b", { state: "generating" }), post("c"), post("d")];
    expect(swipeQueue(posts, new Set(["c"])).map((p) => p.id)).toEqual(["a", "d"]);
  });

  it("adds the pending posts beyond the loaded page", () => {
    const posts = [post("a"), post("b")];
    expect(remainingCount({ posts, total: 2 }, 2)).toBe(2);
    expect(remainingCount({ posts, total: 150 }, 1)).toBe(149);
  });
});

describe("swipeInsights (core spec section 9: default prediction 85 / 80 / 75)", () => {
  it("uses the defaults when the post has no AI suggestions", () => {
    const insights = swipeInsights({ aiSuggestions: null });
    expect(insights).toMatchObject({
      engagement: DEFAULT_PREDICTION.engagement,
      audience: DEFAULT_PREDICTION.audience,
      trend: DEFAULT_PREDICTION.trend,
      hashtags: [],
      reasoning: null,
      optimalTime: null,
      predicted: false,
    });
    expect([insights.engagement, insights.audience, insights.trend]).toEqual([85, 80, 75]);
  });

  it("shows the AI's own values, with hashtags prefixed by #", () => {
    const insights = swipeInsights({
      aiSuggestions: {
        optimal_time: "2030-01-02T13:00:00.000Z",
        reasoning: "Lunch break readers",
        engagement_prediction: 92,
        audience_match: 70,
        trend_score: 101,
        hashtags: ["coffee", "#morning"],
      },
    });
    expect(insights).toMatchObject({
      engagement: 92,
      audience: 70,
      trend: 100,
      hashtags: ["#coffee", "#morning"],
      reasoning: "Lunch break readers",
      optimalTime: "2030-01-02T13:00:00.000Z",
      predicted: true,
    });
  });
});
