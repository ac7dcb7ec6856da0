import type { ToolName } from "@smm/tools";
import { describe, expect, it } from "vitest";
import {
  CONFIRM_CANCEL_TEXT,
  CONFIRM_DELETE_TEXT,
  decideTurn,
  describeOutcome,
  type TurnContext,
  UPGRADE_HINT,
} from "./intents";

const BILLING_TOOLS = new Set<ToolName>([
  "getPlan",
  "startCheckout",
  "cancelSubscription",
  "reactivateSubscription",
  "deleteAccount",
  "acknowledgePlanWelcome",
]);
const ctx = (tools: ReadonlySet<ToolName> = BILLING_TOOLS): TurnContext => ({
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

describe("the offline assistant on plans and billing", () => {
  it.each([
    ["What plan am I on?", "getPlan", {}],
    ["which plan do I have", "getPlan", {}],
    ["how many posts do I have left", "getPlan", {}],
    ["Upgrade me to pro", "startCheckout", { plan: "pro", interval: "month" }],
    ["upgrade to Pro annual please", "startCheckout", { plan: "pro", interval: "year" }],
    ["I want to subscribe to enterprise yearly", "startCheckout", { plan: "enterprise", interval: "year" }],
    ["yes, cancel my subscription", "cancelSubscription", {}],
    ["keep my subscription", "reactivateSubscription", {}],
    ["I've seen the upgrade welcome", "acknowledgePlanWelcome", {}],
  ])("%s -> %s", (message, toolName, input) => {
    expect(callOf(message)).toEqual({ toolName, input });
  });

  it("asks to confirm before cancelling, and calls nothing", () => {
    expect(callOf("cancel my subscription")).toEqual({ kind: "say", text: CONFIRM_CANCEL_TEXT });
    expect(callOf("Please cancel my plan")).toEqual({ kind: "say", text: CONFIRM_CANCEL_TEXT });
  });

  it("deletes the account only when the request names the account's e-mail", () => {
    expect(callOf("delete my account")).toEqual({ kind: "say", text: CONFIRM_DELETE_TEXT });
    expect(callOf("Please erase all my data")).toEqual({ kind: "say", text: CONFIRM_DELETE_TEXT });
    expect(callOf("delete my account ana@example.com")).toEqual({
      toolName: "deleteAccount",
      input: { email: "ana@example.com" },
    });
  });

  it("offers the checkout when a plan's allowance is spent, told by the error's reason", () => {
    const limit = "You have reached your monthly limit of 5 posts. Please upgrade to continue posting.";
    expect(
      describeOutcome({ toolName: "generatePost", input: {}, error: limit, reason: "quota_monthly" }),
    ).toBe(`I couldn't do that: ${limit} ${UPGRADE_HINT}`);
    // The same words under another reason (a rate limit, say) are not a plan limit: no checkout offered.
    expect(
      describeOutcome({ toolName: "generatePost", input: {}, error: limit, reason: "quota_exceeded" }),
    ).toBe(`I couldn't do that: ${limit}`);
    expect(
      describeOutcome({ toolName: "generatePost", input: {}, error: "Please upgrade", reason: undefined }),
    ).toBe("I couldn't do that: Please upgrade");
    expect(callOf(UPGRADE_HINT.replace(/^Say “|” and.*$/g, ""))).toEqual({
      toolName: "startCheckout",
      input: { plan: "pro", interval: "month" },
    });
  });

  it("says so when the billing tools are not offered", () => {
    const decision = decideTurn("upgrade me to pro", ctx(new Set()));
    expect(decision.kind).toBe("say");
  });

  it("answers with the plan, the checkout link and the cancellation's end", () => {
    expect(
      describeOutcome({
        toolName: "getPlan",
        input: {},
        result: { type: "free", name: "Free", postsRemaining: 4, maxPosts: 5, cancelAtPeriodEnd: false },
      }),
    ).toBe(
      "You're on the Free plan, with 4 of 5 posts left this month. Say “upgrade me to pro” to get 30 posts a month.",
    );
    const link = describeOutcome({
      toolName: "startCheckout",
      input: { plan: "pro", interval: "year" },
      result: { url: "http://localhost:3000/billing/checkout?session=abc", provider: "local" },
    });
    expect(link).toContain("http://localhost:3000/billing/checkout?session=abc");
    expect(link).toContain("Pro (annual)");
    expect(link).toContain("no card is charged");
    expect(
      describeOutcome({
        toolName: "cancelSubscription",
        input: {},
        result: { plan: "pro", cancelAtPeriodEnd: true, currentPeriodEnd: "2026-12-23T00:00:00.000Z" },
      }),
    ).toContain("until December 23, 2026");
    expect(
      describeOutcome({ toolName: "startCheckout", input: {}, error: "Enterprise Plan Coming Soon" }),
    ).toBe("I couldn't do that: Enterprise Plan Coming Soon");
  });
});
