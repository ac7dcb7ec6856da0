import type { ToolName } from "@smm/tools";
import { toolNames } from "@smm/tools";
import { describe, expect, it } from "vitest";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";

const ctx = (tools: ReadonlySet<ToolName> = new Set(toolNames)): TurnContext => ({
  tools,
  now: new Date("2026-11-23T15:00:00.000Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
});
const callOf = (message: string, tools?: ReadonlySet<ToolName>) => {
  const decision = decideTurn(message, ctx(tools));
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant on analytics", () => {
  it.each([
    ["how did my posts do this month?", { range: "30d", platform: "all" }],
    ["How are my posts doing this week?", { range: "7d", platform: "all" }],
    ["show my analytics for instagram", { range: "30d", platform: "instagram" }],
    ["what was my reach on facebook in the last 90 days", { range: "90d", platform: "facebook" }],
    ["how did my page perform last quarter", { range: "90d", platform: "all" }],
  ])("%s -> getAnalytics %o", (message, input) => {
    expect(callOf(message)).toEqual({ toolName: "getAnalytics", input });
  });

  it("leaves the calendar and the analytics page to their own intents", () => {
    expect(callOf("analyze my calendar")).toMatchObject({ toolName: "analyzeCalendar" });
    expect(callOf("open analytics")).toMatchObject({ toolName: "navigateTo", input: { path: "/analytics" } });
    expect(callOf("how did my posts do?", new Set())).toMatchObject({ kind: "say" });
  });

  it("sums the numbers up in words", () => {
    const text = describeOutcome({
      toolName: "getAnalytics",
      input: { range: "30d", platform: "all" },
      result: {
        range: "30d",
        platform: "all",
        totalPosts: 12,
        metrics: { totalReach: 15_400, totalEngagement: 820, engagementRate: 5.32 },
        previous: { reach: 11_000 },
        bestPost: { content: "Our autumn blend is back", engagement: 140 },
      },
    });
    expect(text).toBe(
      "In the last 30 days you published 12 posts: 15.4K reach, 820 engagements, an engagement rate of 5.32%. That is 40% more than the 30 days before. Your best post (140 engagements) was “Our autumn blend is back”. The details are on the Analytics page.",
    );
    expect(
      describeOutcome({
        toolName: "getAnalytics",
        input: {},
        result: {
          range: "7d",
          platform: "instagram",
          totalPosts: 0,
          metrics: { totalReach: 40 },
          previous: {},
        },
      }),
    ).toContain("You published no posts on Instagram in the last 7 days");
  });
});
