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

describe("the offline assistant on the AI agent", () => {
  it.each([
    ["turn on the scheduling agent", "updateAgentSettings", { field: "scheduleAgentEnabled", value: true }],
    [
      "Please enable the smart scheduling agent",
      "updateAgentSettings",
      { field: "scheduleAgentEnabled", value: true },
    ],
    [
      "switch off the scheduling agent",
      "updateAgentSettings",
      { field: "scheduleAgentEnabled", value: false },
    ],
    ["set my target to 7 posts a week", "updateAgentSettings", { field: "postsPerWeek", value: 7 }],
    ["I want 12 posts per week", "updateAgentSettings", { field: "postsPerWeek", value: 12 }],
    ["run the scheduling agent now", "runSchedulingAgent", {}],
    ["what's my weekly target?", "getAgentSettings", {}],
  ])("%s -> %s", (message, toolName, input) => {
    expect(callOf(message)).toEqual({ toolName, input });
  });

  it("still opens the agent page and analyses the calendar", () => {
    expect(callOf("open the ai agent page")).toMatchObject({
      toolName: "navigateTo",
      input: { path: "/ai-agent" },
    });
    expect(callOf("analyze my calendar")).toMatchObject({ toolName: "analyzeCalendar" });
  });

  it("says so when the tool is not offered", () => {
    expect(callOf("turn on the scheduling agent", new Set())).toMatchObject({ kind: "say" });
  });

  it("describes what happened, and the plan refusal", () => {
    expect(
      describeOutcome({
        toolName: "updateAgentSettings",
        input: { field: "postsPerWeek", value: 7 },
        result: { postsPerWeek: 7 },
      }),
    ).toBe("Your weekly target is now 7 posts a week.");
    expect(
      describeOutcome({
        toolName: "updateAgentSettings",
        input: { field: "scheduleAgentEnabled", value: true },
        result: { postsPerWeek: 5, scheduleAgentEnabled: true },
      }),
    ).toContain("The smart scheduling agent is on.");
    expect(
      describeOutcome({
        toolName: "runSchedulingAgent",
        input: {},
        result: { postsCreated: 3, weeklyTarget: 5, stoppedByQuota: false },
      }),
    ).toBe("The scheduling agent created 3 posts for the gap. They are waiting for your approval.");
    expect(
      describeOutcome({
        toolName: "updateAgentSettings",
        input: { field: "scheduleAgentEnabled", value: true },
        error: "The smart scheduling agent is part of the Enterprise plan.",
      }),
    ).toBe("I couldn't do that: The smart scheduling agent is part of the Enterprise plan.");
  });
});
