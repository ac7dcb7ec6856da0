import type { ToolName } from "@smm/tools";
import { toolNames } from "@smm/tools";
import { describe, expect, it } from "vitest";
import { decideCampaignFollowUp, describeCampaignOutcome, readCampaignAction } from "./campaign-intents";
import { decideTurn, type TurnContext } from "./intents";

const tools = new Set(toolNames);
const ctx = (offered: ReadonlySet<ToolName> = tools): TurnContext => ({
  tools: offered,
  now: new Date("2026-11-23T15:00:00.000Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
});
const callOf = (message: string, offered?: ReadonlySet<ToolName>) => {
  const decision = decideTurn(message, ctx(offered));
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};
const listed = (...campaigns: { id: string; name: string; status: string }[]) => ({ campaigns });

describe("the offline assistant on ad campaigns", () => {
  it.each([
    ["list my campaigns", { status: "all" }],
    ["show my paused campaigns", { status: "paused" }],
    ["which ad campaigns are running?", { status: "active" }],
    ["pause campaign Spring launch", { search: "Spring launch" }],
    ["Please pause the Spring launch campaign.", { search: "Spring launch" }],
    ['resume campaign "Autumn blend"', { search: "Autumn blend" }],
    ["delete campaign Old promo", { search: "Old promo" }],
  ])("%s -> listCampaigns %o", (message, input) => {
    expect(callOf(message)).toEqual({ toolName: "listCampaigns", input });
  });

  it("leaves campaign plans to createCampaignPlan", () => {
    expect(callOf("Plan a 4-week campaign for our spring launch")).toMatchObject({
      toolName: "createCampaignPlan",
    });
    expect(callOf("list my campaigns", new Set())).toMatchObject({ kind: "say" });
  });

  it("acts on the one campaign the search found", () => {
    const found = listed({ id: "c1", name: "Spring launch", status: "ACTIVE" });
    expect(decideCampaignFollowUp("pause campaign spring launch", "listCampaigns", found, tools)).toEqual({
      kind: "call",
      call: { toolName: "updateCampaign", input: { campaignId: "c1", status: "PAUSED" } },
    });
    expect(decideCampaignFollowUp("list my campaigns", "listCampaigns", found, tools)).toBeNull();
    expect(
      decideCampaignFollowUp("resume campaign Spring launch", "listCampaigns", found, tools),
    ).toMatchObject({
      kind: "say",
      text: "“Spring launch” is already running.",
    });
    expect(decideCampaignFollowUp("pause campaign Nope", "listCampaigns", listed(), tools)).toMatchObject({
      kind: "say",
      text: expect.stringContaining("I couldn't find a campaign called “Nope”"),
    });
    const two = listed(
      { id: "a", name: "Spring A", status: "ACTIVE" },
      { id: "b", name: "Spring B", status: "ACTIVE" },
    );
    expect(decideCampaignFollowUp("pause campaign Spring", "listCampaigns", two, tools)).toMatchObject({
      kind: "say",
      text: expect.stringContaining("Which one?"),
    });
  });

  it("asks before deleting, in the spec's words, and deletes once confirmed", () => {
    const found = listed({ id: "c9", name: "Old promo", status: "PAUSED" });
    expect(decideCampaignFollowUp("delete campaign Old promo", "listCampaigns", found, tools)).toEqual({
      kind: "say",
      text: 'Are you sure you want to delete "Old promo"? This action cannot be undone. Say “yes, delete campaign Old promo” to confirm.',
    });
    expect(readCampaignAction("yes, delete campaign Old promo")).toEqual({
      action: "delete",
      name: "Old promo",
      confirmed: true,
    });
    expect(decideCampaignFollowUp("yes, delete campaign Old promo", "listCampaigns", found, tools)).toEqual({
      kind: "call",
      call: { toolName: "deleteCampaign", input: { campaignId: "c9" } },
    });
  });

  it("describes the results in words", () => {
    expect(
      describeCampaignOutcome("listCampaigns", {
        account: { currency: "EUR" },
        source: "network",
        campaigns: [{ id: "c1", name: "Spring", status: "ACTIVE", insights: { spend: 1234, clicks: 7 } }],
      }),
    ).toBe("Your campaigns:\n• Spring: active, 12.34 EUR spent, 7 clicks");
    expect(describeCampaignOutcome("updateCampaign", { name: "Spring", status: "PAUSED" })).toBe(
      "I paused “Spring”. You can resume it on the Campaigns page.",
    );
    expect(describeCampaignOutcome("deleteCampaign", { name: "Spring" })).toBe("I deleted “Spring”.");
  });
});
