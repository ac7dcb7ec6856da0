import type { ToolName } from "@smm/tools";
import { generateText, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decideTurn, OFFLINE_HELP, parseWhen, type TurnContext } from "./intents";
import { createOfflineAssistantModel } from "./model";

const NOW = new Date("2026-11-23T15:00:00.000Z");
const ALL_TOOLS = new Set<ToolName>([
  "analyzeWebsite",
  "listImages",
  "showImage",
  "navigateTo",
  "generatePost",
  "updateBrandField",
  "approvePost",
  "schedulePost",
  "reschedulePost",
  "createCampaignPlan",
  "generateContentIdea",
  "writeSocialPost",
  "listSuggestions",
  "dismissSuggestion",
]);
const ctx = (overrides: Partial<TurnContext> = {}): TurnContext => ({
  tools: ALL_TOOLS,
  now: NOW,
  utcOffsetMinutes: 0,
  lastPost: null,
  ...overrides,
});
const callOf = (message: string, overrides: Partial<TurnContext> = {}) => {
  const decision = decideTurn(message, ctx(overrides));
  return decision.kind === "call"
    ? { toolName: decision.call.toolName, input: decision.call.input }
    : decision;
};

describe("the offline assistant's understanding of the spec's requests", () => {
  it.each([
    ["Please look at https://example.com/about", "analyzeWebsite", { url: "https://example.com/about" }],
    ["check www.bakery.example.", "analyzeWebsite", { url: "https://www.bakery.example" }],
    ["show my images", "listImages", {}],
    ["Show me all my photos", "listImages", {}],
    ["show Summer Banner.png", "showImage", { name: "Summer Banner.png" }],
    ["go to calendar", "navigateTo", { path: "/calendar" }],
    ["Open the settings page", "navigateTo", { path: "/settings" }],
    ["take me to community templates", "navigateTo", { path: "/community-templates" }],
    ["Create a post about our summer sale", "generatePost", { prompt: "our summer sale" }],
    [
      "generate an instagram post about Fresh Croissants!",
      "generatePost",
      { platform: "instagram", prompt: "Fresh Croissants" },
    ],
    ["write a post", "generatePost", {}],
    ["set my tone to casual", "updateBrandField", { field: "tone", value: "casual" }],
    ["change primary colour to #123456", "updateBrandField", { field: "primaryColor", value: "#123456" }],
    ["Change the primary color to #ABCDEF.", "updateBrandField", { field: "primaryColor", value: "#ABCDEF" }],
    ["set the language to German", "updateBrandField", { field: "defaultLanguage", value: "de" }],
    [
      "update our target audience to young parents",
      "updateBrandField",
      { field: "targetAudience", value: "young parents" },
    ],
    [
      "plan a 4-week campaign for our spring launch",
      "createCampaignPlan",
      { goal: "our spring launch", weeks: 4 },
    ],
    [
      "Plan a 6 week campaign for the summer menu, 3 posts a week on instagram",
      "createCampaignPlan",
      { goal: "the summer menu", weeks: 6, postsPerWeek: 3, platforms: ["instagram"] },
    ],
    ["show my suggestions", "listSuggestions", {}],
    ["give me ideas", "generateContentIdea", {}],
    ["Give me ideas about autumn recipes", "generateContentIdea", { topic: "autumn recipes" }],
    ["any ideas about autumn recipes?", "generateContentIdea", { topic: "autumn recipes" }],
    ["generate post ideas for Black Friday", "generateContentIdea", { topic: "Black Friday" }],
    [
      "write a post about our new oat latte for instagram",
      "writeSocialPost",
      { topic: "our new oat latte", platform: "instagram" },
    ],
    [
      "Write a Facebook post about the charity bake sale.",
      "writeSocialPost",
      { topic: "the charity bake sale", platform: "facebook" },
    ],
    ["write a caption about rainy days", "writeSocialPost", { topic: "rainy days", platform: "facebook" }],
  ])("%s -> %s", (message, toolName, input) => {
    expect(callOf(message)).toEqual({ toolName, input });
  });

  it("schedules the post the conversation is about, by its state, at the user's wall-clock time", () => {
    const pending = { id: "p1", state: "pending" };
    expect(callOf("schedule it tomorrow at 9", { lastPost: pending, utcOffsetMinutes: 60 })).toEqual({
      toolName: "approvePost",
      input: { postId: "p1", scheduledDate: "2026-11-24T08:00:00.000Z" },
    });
    expect(callOf("Schedule it tomorrow", { lastPost: { id: "p2", state: "approved" } })).toEqual({
      toolName: "schedulePost",
      input: { postId: "p2", scheduledDate: "2026-11-24T12:00:00.000Z" },
    });
    expect(callOf("schedule it today at 5pm", { lastPost: { id: "p3", state: "scheduled" } })).toMatchObject({
      toolName: "reschedulePost",
      input: { scheduledDate: "2026-11-23T17:00:00.000Z" },
    });
    expect(decideTurn("schedule it tomorrow at 9", ctx())).toMatchObject({ kind: "say", text: /Which post/ });
    expect(decideTurn("schedule it", ctx({ lastPost: pending }))).toMatchObject({
      kind: "say",
      text: /When/,
    });
  });

  it("reads times on the user's calendar day, also across midnight UTC", () => {
    // 23:30 in UTC-5 is 04:30 UTC the next day: "tomorrow" is still the user's tomorrow.
    const lateEvening = { now: new Date("2026-11-24T04:30:00.000Z"), utcOffsetMinutes: -300 };
    expect(parseWhen("tomorrow at 9am", lateEvening)).toBe("2026-11-24T14:00:00.000Z");
    expect(parseWhen("tomorrow at 25", lateEvening)).toBeNull();
    expect(parseWhen("next week", lateEvening)).toBeNull();
  });

  it("keeps the user's hour across a DST change when the browser sent its zone", () => {
    // Saturday 2027-03-13 20:00 in New York (EST, UTC-5); clocks go forward that night.
    const beforeSpring = { now: new Date("2027-03-14T01:00:00.000Z"), utcOffsetMinutes: -300 };
    expect(parseWhen("tomorrow at 9am", { ...beforeSpring, timeZone: "America/New_York" })).toBe(
      "2027-03-14T13:00:00.000Z",
    );
    // The offset alone is today's: an hour off on the other side of the change.
    expect(parseWhen("tomorrow at 9am", beforeSpring)).toBe("2027-03-14T14:00:00.000Z");
    // 2:30 does not exist that night: read as 3:30 daylight time.
    expect(parseWhen("tomorrow at 2:30am", { ...beforeSpring, timeZone: "America/New_York" })).toBe(
      "2027-03-14T07:30:00.000Z",
    );
    // Saturday 2026-10-31 20:00 EDT (UTC-4); clocks go back that night: 9 is 14:00 UTC, and a repeated
    // 1:30 is the first one.
    const beforeAutumn = { now: new Date("2026-11-01T00:00:00.000Z"), utcOffsetMinutes: -240 };
    expect(parseWhen("tomorrow at 9am", { ...beforeAutumn, timeZone: "America/New_York" })).toBe(
      "2026-11-01T14:00:00.000Z",
    );
    expect(parseWhen("tomorrow at 1:30am", { ...beforeAutumn, timeZone: "America/New_York" })).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    // "Monday" from Europe/Paris across its change (2027-03-28), and the day itself from Sydney.
    const parisFriday = { now: new Date("2027-03-26T10:00:00.000Z"), utcOffsetMinutes: 60 };
    expect(parseWhen("on monday at 10am", { ...parisFriday, timeZone: "Europe/Paris" })).toBe(
      "2027-03-29T08:00:00.000Z",
    );
    const sydney = { now: new Date("2026-11-27T23:00:00.000Z"), utcOffsetMinutes: 660 };
    expect(parseWhen("today at 5pm", { ...sydney, timeZone: "Australia/Sydney" })).toBe(
      "2026-11-28T06:00:00.000Z",
    );
  });

  it("plans the campaign on the user's clock when the browser sent its offset", () => {
    expect(callOf("plan a 4-week campaign for our spring launch", { utcOffsetMinutes: 60 })).toEqual({
      toolName: "createCampaignPlan",
      input: { goal: "our spring launch", weeks: 4, utcOffsetMinutes: 60 },
    });
  });

  it("writes a full post instead when the caption tool is not offered", () => {
    expect(
      callOf("write a post about our oat latte", { tools: new Set<ToolName>(["generatePost"]) }),
    ).toEqual({
      toolName: "generatePost",
      input: { prompt: "our oat latte" },
    });
  });

  it("says plainly what it cannot do, and never calls a tool it was not given", () => {
    expect(decideTurn("what's the weather?", ctx())).toEqual({ kind: "say", text: OFFLINE_HELP });
    expect(decideTurn("show my images", ctx({ tools: new Set<ToolName>(["navigateTo"]) }))).toMatchObject({
      kind: "say",
      text: /can't list your images/,
    });
  });
});

describe("the offline assistant as an AI SDK model", () => {
  function fakeTools(log: { name: string; input: unknown }[]) {
    return {
      generatePost: tool({
        description: "generate",
        inputSchema: z.object({ prompt: z.string().optional(), platform: z.string().optional() }),
        execute: async (input) => {
          log.push({ name: "generatePost", input });
          return { id: "post-1", state: "generating", content: "", platform: input.platform ?? "facebook" };
        },
      }),
      updateBrandField: tool({
        description: "update",
        inputSchema: z.object({ field: z.string(), value: z.unknown() }),
        execute: async (input) => {
          log.push({ name: "updateBrandField", input });
          if (input.value === "#zzzzzz") throw new Error("Primary colour must be a hex colour like #1A2B3C");
          return { id: "brand-1" };
        },
      }),
      approvePost: tool({
        description: "approve",
        inputSchema: z.object({ postId: z.string(), scheduledDate: z.string().optional() }),
        execute: async (input) => {
          log.push({ name: "approvePost", input });
          return { id: input.postId, state: "scheduled", content: "x", scheduledDate: input.scheduledDate };
        },
      }),
      navigateTo: tool({ description: "navigate", inputSchema: z.object({ path: z.string() }) }),
    };
  }

  it("calls the tool, then answers from its result", async () => {
    const log: { name: string; input: unknown }[] = [];
    const result = await generateText({
      model: createOfflineAssistantModel({ now: () => NOW }),
      tools: fakeTools(log),
      stopWhen: stepCountIs(5),
      prompt: "Create a post about our summer sale",
    });
    expect(log).toEqual([{ name: "generatePost", input: { prompt: "our summer sale" } }]);
    expect(result.text).toMatch(/creating a Facebook post about “our summer sale”/);
  });

  it("names the platform with its article", async () => {
    const result = await generateText({
      model: createOfflineAssistantModel({ now: () => NOW }),
      tools: fakeTools([]),
      stopWhen: stepCountIs(5),
      prompt: "Create an Instagram post about our summer sale",
    });
    expect(result.text).toMatch(/^I'm creating an Instagram post about “our summer sale”/);
  });

  it("follows a conversation: the post it made is the one 'schedule it' approves", async () => {
    const log: { name: string; input: unknown }[] = [];
    const model = createOfflineAssistantModel({ now: () => NOW });
    const first = await generateText({
      model,
      tools: fakeTools(log),
      stopWhen: stepCountIs(5),
      prompt: "write a post",
    });
    const second = await generateText({
      model,
      tools: fakeTools(log),
      stopWhen: stepCountIs(5),
      messages: [
        { role: "user", content: "write a post" },
        ...first.response.messages,
        { role: "user", content: "schedule it tomorrow at 9" },
      ],
    });
    expect(log.at(-1)).toEqual({
      name: "approvePost",
      input: { postId: "post-1", scheduledDate: "2026-11-24T09:00:00.000Z" },
    });
    expect(second.text).toMatch(/approved and scheduled for 24 Nov 2026, 09:00 UTC/);
  });

  it("reports a tool's refusal in words", async () => {
    const result = await generateText({
      model: createOfflineAssistantModel({ now: () => NOW }),
      tools: fakeTools([]),
      stopWhen: stepCountIs(5),
      prompt: "change primary colour to #zzzzzz",
    });
    expect(result.text).toBe("I couldn't do that: Primary colour must be a hex colour like #1A2B3C");
  });

  it("streams the words and ends with a client tool's call for the browser", async () => {
    const result = streamText({
      model: createOfflineAssistantModel({ now: () => NOW }),
      tools: fakeTools([]),
      stopWhen: stepCountIs(5),
      prompt: "go to calendar",
    });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);
    expect(await result.text).toBe("Opening the calendar.");
    // A few words per delta: three words arrive as one.
    expect(parts.filter((type) => type === "text-delta").length).toBe(1);
    const [call] = await result.toolCalls;
    expect(call).toMatchObject({ toolName: "navigateTo", input: { path: "/calendar" } });
  });
});

describe("the offline assistant's replies to the planning tools", () => {
  const suggestion = (scheduledDate: string, platform: string, contentSuggestion: string) => ({
    id: scheduledDate,
    scheduledDate,
    platform,
    contentSuggestion,
    reason: "Peak time",
    type: "generate_new",
    isUsed: false,
  });
  const planningTools = (log: { name: string; input: unknown }[]) => ({
    createCampaignPlan: tool({
      description: "plan",
      inputSchema: z.object({ goal: z.string(), weeks: z.number().optional() }),
      execute: async (input) => {
        log.push({ name: "createCampaignPlan", input });
        const suggestions = Array.from({ length: 20 }, (_, index) =>
          suggestion(
            new Date(Date.UTC(2026, 10, 24 + index, 12)).toISOString(),
            index % 2 === 0 ? "facebook" : "instagram",
            `Idea ${index + 1}`,
          ),
        );
        return {
          goal: input.goal,
          weeks: 4,
          postsPerWeek: 5,
          platforms: ["facebook", "instagram"],
          suggestions,
        };
      },
    }),
    generateContentIdea: tool({
      description: "ideas",
      inputSchema: z.object({ topic: z.string().optional() }),
      execute: async (input) => {
        log.push({ name: "generateContentIdea", input });
        return {
          topic: input.topic ?? null,
          ideas: [
            { title: "Behind the scenes", angle: "Show the roastery at dawn.", platform: "instagram" },
            { title: "Three quick tips", angle: "Brewing tips for busy mornings.", platform: "facebook" },
          ],
        };
      },
    }),
    writeSocialPost: tool({
      description: "write",
      inputSchema: z.object({ topic: z.string(), platform: z.string() }),
      execute: async (input) => {
        log.push({ name: "writeSocialPost", input });
        return {
          topic: input.topic,
          platform: input.platform,
          caption: "Oat latte season is here. #BeanThere",
        };
      },
    }),
    listSuggestions: tool({
      description: "list",
      inputSchema: z.object({}),
      execute: async () => ({
        suggestions: [suggestion("2026-11-25T12:00:00.000Z", "facebook", "Kick-off post")],
      }),
    }),
    dismissSuggestion: tool({
      description: "dismiss",
      inputSchema: z.object({ suggestionId: z.string() }),
      execute: async (input) => ({ id: input.suggestionId, isUsed: true }),
    }),
  });
  const run = async (prompt: string, log: { name: string; input: unknown }[] = []) =>
    (
      await generateText({
        model: createOfflineAssistantModel({ now: () => NOW }),
        tools: planningTools(log),
        stopWhen: stepCountIs(5),
        prompt,
      })
    ).text;

  it("plans a campaign and sums it up with the first dates", async () => {
    const log: { name: string; input: unknown }[] = [];
    const text = await run("plan a 4-week campaign for our spring launch", log);
    expect(log).toEqual([{ name: "createCampaignPlan", input: { goal: "our spring launch", weeks: 4 } }]);
    expect(text).toMatch(/^I planned 20 posts over 4 weeks, starting Tue 24 Nov, 12:00 UTC:/);
    expect(text).toContain("• Wed 25 Nov, 12:00 UTC (Instagram): Idea 2");
    expect(text).toContain("…and 17 more.");
    expect(text).toContain("saved as suggestions");
  });

  it("lists ideas with their platforms", async () => {
    const log: { name: string; input: unknown }[] = [];
    const text = await run("give me ideas about coffee", log);
    expect(log).toEqual([{ name: "generateContentIdea", input: { topic: "coffee" } }]);
    expect(text).toContain("Here are 2 ideas about “coffee”:");
    expect(text).toContain("1. Behind the scenes (Instagram): Show the roastery at dawn.");
    expect(await run("give me ideas")).toMatch(/^Here are 2 ideas:/);
  });

  it("sums up the open suggestions", async () => {
    expect(await run("what are my suggestions?")).toBe(
      "You have 1 open suggestion. The next one: Wed 25 Nov, 12:00 UTC (Facebook): Kick-off post",
    );
  });

  it("shows the written caption and how to turn it into a post", async () => {
    const log: { name: string; input: unknown }[] = [];
    const text = await run("write a post about oat lattes for instagram", log);
    expect(log).toEqual([{ name: "writeSocialPost", input: { topic: "oat lattes", platform: "instagram" } }]);
    expect(text).toContain(
      "Here is an Instagram caption about “oat lattes”:\n\nOat latte season is here. #BeanThere",
    );
    expect(text).toContain("“create a post about oat lattes”");
  });
});
