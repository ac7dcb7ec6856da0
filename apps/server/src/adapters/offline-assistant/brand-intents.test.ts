import { describe, expect, it } from "vitest";
import { NEEDS_BRAND_TEXT } from "./brand-intents";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";

const ctx = (hasBrand: boolean): TurnContext => ({
  tools: new Set(["createBrand", "generatePost", "navigateTo", "getPlan", "startCheckout"]),
  now: new Date("2026-11-23T15:00:00.000Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
  hasBrand,
});
const callOf = (message: string, hasBrand = false) => {
  const decision = decideTurn(message, ctx(hasBrand));
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant and brands", () => {
  it.each([
    ["my brand is Sunny Scoops", "Sunny Scoops"],
    ["My brand is called “Sunny Scoops”.", "Sunny Scoops"],
    ["Our company is named Rita's Bakery", "Rita's Bakery"],
    ["hi, my shop is Corner Books!", "Corner Books"],
    ["call my brand Sunny Scoops", "Sunny Scoops"],
    ["create a brand called Night Owl Coffee", "Night Owl Coffee"],
  ])("without a brand, %s creates %s", (message, name) => {
    expect(callOf(message)).toEqual({ toolName: "createBrand", input: { name } });
  });

  it("with a brand, only an explicit request creates another", () => {
    expect(callOf("create a new brand named Second Shop", true)).toEqual({
      toolName: "createBrand",
      input: { name: "Second Shop" },
    });
    expect(callOf("my brand is Sunny Scoops", true)).not.toMatchObject({ toolName: "createBrand" });
    expect(callOf("create a post about waffles", true)).toMatchObject({ toolName: "generatePost" });
  });

  it("without a brand, asks for one instead of calling a tool that needs it", () => {
    expect(callOf("create a post about waffles")).toEqual({ kind: "say", text: NEEDS_BRAND_TEXT });
    expect(callOf("hello")).toEqual({ kind: "say", text: `Hello! ${NEEDS_BRAND_TEXT}` });
    expect(callOf("")).toEqual({ kind: "say", text: NEEDS_BRAND_TEXT });
    // What needs no brand still works.
    expect(callOf("go to settings")).toMatchObject({ toolName: "navigateTo", input: { path: "/settings" } });
    expect(callOf("what plan am I on?")).toMatchObject({ toolName: "getPlan" });
  });

  it("says what it created", () => {
    expect(
      describeOutcome({
        toolName: "createBrand",
        input: { name: "Sunny Scoops" },
        result: { name: "Sunny Scoops" },
      }),
    ).toContain("your brand “Sunny Scoops” is created and active");
  });
});
