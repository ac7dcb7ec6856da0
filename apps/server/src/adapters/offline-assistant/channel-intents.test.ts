import { postPlatforms } from "@smm/domain/posts";
import type { ToolName } from "@smm/tools";
import { describe, expect, it } from "vitest";
import { decideTurn, describeOutcome, type TurnContext } from "./intents";

const TOOLS = new Set<ToolName>([
  "listChannels",
  "connectChannel",
  "disconnectChannel",
  "generatePost",
  "approvePostGroup",
  "getConnections",
  "navigateTo",
]);
const base: TurnContext = {
  tools: TOOLS,
  now: new Date("2026-11-29T12:00:00Z"),
  utcOffsetMinutes: 0,
  lastPost: null,
};
const callOf = (message: string, ctx: Partial<TurnContext> = {}) => {
  const decision = decideTurn(message, { ...base, ...ctx });
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant's channel requests", () => {
  it("connects a Mastodon account on the instance the user names", () => {
    expect(callOf("connect my Mastodon account on mastodon.social")).toEqual({
      toolName: "connectChannel",
      input: { platform: "mastodon", instance: "mastodon.social" },
    });
    expect(callOf("Link my mastodon @alice@fosstodon.org")).toEqual({
      toolName: "connectChannel",
      input: { platform: "mastodon", instance: "fosstodon.org" },
    });
  });

  it("connects Bluesky with the handle and app password given, or asks for them through the tool", () => {
    expect(callOf("connect bluesky alice.bsky.social abcd-efgh-ijkl-mnop")).toEqual({
      toolName: "connectChannel",
      input: { platform: "bluesky", handle: "alice.bsky.social", appPassword: "abcd-efgh-ijkl-mnop" },
    });
    expect(callOf("connect my Bluesky account")).toEqual({
      toolName: "connectChannel",
      input: { platform: "bluesky" },
    });
  });

  it("connects the sandbox's account when asked for a sandbox one", () => {
    expect(callOf("connect a sandbox Bluesky account")).toEqual({
      toolName: "connectChannel",
      input: { platform: "bluesky", mode: "sandbox" },
    });
  });

  it("lists and disconnects channels", () => {
    expect(callOf("which channels are connected?")).toMatchObject({ toolName: "listChannels" });
    expect(callOf("is my bluesky connected")).toMatchObject({ toolName: "listChannels" });
    expect(callOf("disconnect mastodon")).toEqual({
      toolName: "disconnectChannel",
      input: { platform: "mastodon" },
    });
  });

  it("writes the last post again for the networks named: 'post this to Bluesky and Mastodon too'", () => {
    expect(callOf("post this to Bluesky and Mastodon too", { lastPostPrompt: "our autumn blend" })).toEqual({
      toolName: "generatePost",
      input: { channels: ["bluesky", "mastodon"], prompt: "our autumn blend" },
    });
    expect(callOf("create a post about our new espresso bar for Facebook and Bluesky")).toEqual({
      toolName: "generatePost",
      input: { channels: ["facebook", "bluesky"], prompt: "our new espresso bar" },
    });
  });

  it("connects any network with what its request carries: a bot token and channel, a webhook URL", () => {
    const token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq";
    expect(callOf(`connect telegram with bot token ${token} to @acme_news`)).toEqual({
      toolName: "connectChannel",
      input: { platform: "telegram", token, handle: "@acme_news" },
    });
    const webhook = "https://discord.com/api/webhooks/1290123456789/AbC-dEf_123";
    expect(callOf(`connect discord ${webhook}`)).toEqual({
      toolName: "connectChannel",
      input: { platform: "discord", token: webhook },
    });
    expect(callOf("connect my LinkedIn")).toEqual({
      toolName: "connectChannel",
      input: { platform: "linkedin" },
    });
    expect(callOf("connect a sandbox Threads account")).toEqual({
      toolName: "connectChannel",
      input: { platform: "threads", mode: "sandbox" },
    });
  });

  it("writes for every network when asked for all of them", () => {
    for (const message of [
      "create a post about our winter blend for every network",
      "write a post about our winter blend for all channels",
      "post about our winter blend everywhere",
    ])
      expect(callOf(message)).toEqual({
        toolName: "generatePost",
        input: { channels: [...postPlatforms], prompt: "our winter blend" },
      });
  });

  it("leaves Facebook's own requests to the Facebook intents", () => {
    expect(callOf("connect my facebook page")).toMatchObject({ toolName: "navigateTo" });
    expect(callOf("create a post about croissants")).toMatchObject({
      toolName: "generatePost",
      input: { prompt: "croissants" },
    });
  });

  it("approves the group it wrote: 'schedule them all tomorrow at 9'", () => {
    const lastGroup = { groupId: "6f1c0c6e-2f54-4f0e-9d59-1c7a3a2b9e10", count: 3 };
    expect(callOf("schedule them all tomorrow at 9", { lastGroup })).toEqual({
      toolName: "approvePostGroup",
      input: { groupId: lastGroup.groupId, scheduledDate: "2026-11-30T09:00:00.000Z" },
    });
    expect(callOf("approve them", { lastGroup })).toEqual({
      toolName: "approvePostGroup",
      input: { groupId: lastGroup.groupId },
    });
  });

  it("says what it did", () => {
    expect(
      describeOutcome({
        toolName: "connectChannel",
        input: { platform: "mastodon", instance: "mastodon.social" },
        result: {
          status: "redirect",
          url: "https://mastodon.social/oauth/authorize?x=1",
          message: "Open Mastodon to allow access, then come back here.",
        },
      }),
    ).toBe(
      "Open Mastodon to allow access, then come back here.\n\n[Allow access](https://mastodon.social/oauth/authorize?x=1)",
    );
    const post = (platform: string) => ({ id: platform, platform, content: "", state: "generating" });
    expect(
      describeOutcome({
        toolName: "generatePost",
        input: { channels: ["bluesky", "mastodon"] },
        result: { ...post("bluesky"), group: [post("bluesky"), post("mastodon")] },
      }),
    ).toMatch(/^I'm writing 2 posts, one for each channel \(Bluesky, Mastodon\)/);
  });
});
