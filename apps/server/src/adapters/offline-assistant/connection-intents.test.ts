import type { ToolName } from "@smm/tools";
import { describe, expect, it } from "vitest";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";

const TOOLS = new Set<ToolName>([
  "getConnections",
  "disconnectFacebook",
  "disconnectAdAccount",
  "navigateTo",
  "removeWatermark",
]);
const ctx: TurnContext = {
  tools: TOOLS,
  now: new Date("2026-11-24T12:00:00Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
};
const callOf = (message: string) => {
  const decision = decideTurn(message, ctx);
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant's connection requests", () => {
  it.each([
    ["is my page connected?", "getConnections"],
    ["Is my Facebook page connected", "getConnections"],
    ["is my ad account connected?", "getConnections"],
    ["disconnect facebook", "disconnectFacebook"],
    ["Please disconnect my Facebook page", "disconnectFacebook"],
    ["disconnect my ad account", "disconnectAdAccount"],
  ])("%s -> %s", (message, toolName) => {
    expect(callOf(message)).toMatchObject({ toolName });
  });

  it("sends a connect request to /facebook-connect, since the chat cannot open the popup", () => {
    const decision = decideTurn("connect my facebook page", ctx);
    expect(decision).toMatchObject({
      kind: "call",
      call: { toolName: "navigateTo", input: { path: "/facebook-connect" } },
    });
  });

  it("does not take other requests for connection ones", () => {
    expect(callOf("remove the watermark")).not.toMatchObject({ toolName: "disconnectFacebook" });
  });

  it("says whether the page is connected, where, and the ad account", () => {
    expect(
      describeOutcome({
        toolName: "getConnections",
        input: {},
        result: {
          available: "sandbox",
          page: { name: "Sandbox page", network: "sandbox", status: "connected", instagramAccountId: null },
          adAccount: { name: "Sandbox ad account", currency: "EUR" },
        },
      }),
    ).toBe(
      "Your page “Sandbox page” is connected (Sandbox network: posts stay in the app). Ad account: Sandbox ad account (EUR).",
    );
    expect(
      describeOutcome({ toolName: "getConnections", input: {}, result: { page: null, adAccount: null } }),
    ).toMatch(/^No Facebook page is connected/);
    expect(
      describeOutcome({
        toolName: "getConnections",
        input: {},
        result: {
          page: { name: "Cafe", network: "meta", status: "expired", instagramAccountId: "1" },
          adAccount: null,
        },
      }),
    ).toContain("Its connection has expired");
    expect(describeOutcome({ toolName: "disconnectFacebook", input: {}, result: {} })).toMatch(
      /disconnected/,
    );
  });
});
