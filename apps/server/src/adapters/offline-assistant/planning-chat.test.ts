import { postSuggestions } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

/*
 * The planning requests end to end: /api/chat, the offline assistant, the real tools and use cases on a
 * real database, and the reply the user reads.
 */
let ctx: TestContext;
let cookie: string;
let brandId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie } = await signUpVerifiedUser(ctx));
  await userIdOf(ctx, cookie);
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Chat Bakery" }, cookie });
  ({ id: brandId } = (await brand.json()) as { id: string });
});
afterAll(async () => {
  await ctx?.close();
});

async function say(text: string) {
  const messages = [{ id: `m-${text}`, role: "user", parts: [{ type: "text", text }] }];
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages }, cookie });
  const events = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const reply = events
    .filter((event) => event.type === "text-delta")
    .map((event) => event.delta)
    .join("");
  const call = events.find((event) => event.type === "tool-input-available");
  const output = events.find((event) => event.type === "tool-output-available")?.output;
  return { status: response.status, call, output, reply };
}

it("plans a 4-week campaign, saves it as suggestions and sums it up", async () => {
  const { status, call, output, reply } = await say("plan a 4-week campaign for our Christmas cookies");
  expect(status).toBe(200);
  expect(call).toMatchObject({
    toolName: "createCampaignPlan",
    input: { goal: "our Christmas cookies", weeks: 4 },
  });
  const plan = output as { suggestions: { scheduledDate: string }[] };
  expect(plan.suggestions).toHaveLength(20);
  expect(reply).toMatch(/^I planned 20 posts over 4 weeks, starting \w{3} \d{1,2} \w{3}, \d{2}:00 UTC:/);
  const saved = await ctx.database.db
    .select()
    .from(postSuggestions)
    .where(eq(postSuggestions.brandId, brandId));
  expect(saved).toHaveLength(20);
  expect(saved.every((row) => row.type === "generate_new" && (row.scheduledDate ?? 0) > new Date())).toBe(
    true,
  );

  const listed = await say("show my suggestions");
  expect(listed.call).toMatchObject({ toolName: "listSuggestions" });
  expect(listed.reply).toMatch(/^You have 20 open suggestions\. The next one: /);
});

it("gives ideas, with or without a topic", async () => {
  const about = await say("give me ideas about gingerbread");
  expect(about.call).toMatchObject({ toolName: "generateContentIdea", input: { topic: "gingerbread" } });
  expect(about.reply).toMatch(/^Here are 3 ideas about “gingerbread”:\n1\. /);
  const any = await say("give me ideas");
  expect(any.call).toMatchObject({ toolName: "generateContentIdea", input: {} });
  expect(any.reply).toMatch(/^Here are 3 ideas:/);
});

it("writes a caption for instagram without creating a post", async () => {
  const { call, output, reply } = await say("write a post about our gingerbread house for instagram");
  expect(call).toMatchObject({
    toolName: "writeSocialPost",
    input: { topic: "our gingerbread house", platform: "instagram" },
  });
  const written = output as { caption: string; platform: string };
  expect(written.platform).toBe("instagram");
  expect(written.caption).toContain("gingerbread house");
  expect(reply).toContain(
    `Here is an Instagram caption about “our gingerbread house”:\n\n${written.caption}`,
  );
  const posts = (await (await jsonRequest(ctx, "/api/posts", { cookie })).json()) as { posts: unknown[] };
  expect(posts.posts).toEqual([]);
});

it("analyses the calendar, then makes a post from the next suggestion it showed", async () => {
  const analysis = await say("analyze my calendar");
  expect(analysis.call).toMatchObject({
    toolName: "analyzeCalendar",
    input: { range: "7d", utcOffsetMinutes: 0 },
  });
  expect(analysis.reply).toMatch(
    /^Scheduled this week: 0 of your weekly target of 5, 5 to go\. 0 posts awaiting your approval\. Nothing is scheduled yet\. Best days: Wednesday, Thursday; best times: 12:00 PM, 5:00 PM\.$/,
  );
  const { suggestions } = analysis.output as { suggestions: { id: string; contentSuggestion: string }[] };
  expect(suggestions.length).toBeGreaterThan(0);
  expect((await say("how is my calendar looking this month?")).call).toMatchObject({
    toolName: "analyzeCalendar",
    input: { range: "30d" },
  });

  // Without a list in the conversation it says what to do; with one, the next open suggestion is used.
  const alone = await say("create a post from the next suggestion");
  expect(alone.call).toBeUndefined();
  expect(alone.reply).toMatch(/show my suggestions/);

  const messages = [
    { id: "a1", role: "user", parts: [{ type: "text", text: "analyze my calendar" }] },
    {
      id: "a2",
      role: "assistant",
      parts: [
        {
          type: "tool-analyzeCalendar",
          toolCallId: "call-analysis",
          state: "output-available",
          input: { range: "7d" },
          output: analysis.output,
        },
        { type: "text", text: analysis.reply },
      ],
    },
    { id: "a3", role: "user", parts: [{ type: "text", text: "create a post from the next suggestion" }] },
  ];
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages }, cookie });
  const events = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  expect(events).toContainEqual(
    expect.objectContaining({
      type: "tool-input-available",
      toolName: "generateFromSuggestion",
      input: { suggestionId: suggestions[0]?.id },
    }),
  );
  const reply = events
    .filter((event) => event.type === "text-delta")
    .map((event) => event.delta)
    .join("");
  expect(reply).toContain(`post from the suggestion “${suggestions[0]?.contentSuggestion}”`);
  const [linked] = await ctx.database.db
    .select()
    .from(postSuggestions)
    .where(eq(postSuggestions.id, suggestions[0]?.id ?? ""));
  expect(linked?.postId).not.toBeNull();

  // Asked again in the same conversation, the next one is the one after it.
  const made = events.find((event) => event.type === "tool-output-available")?.output;
  const again = await jsonRequest(ctx, "/api/chat", {
    body: {
      messages: [
        ...messages,
        {
          id: "a4",
          role: "assistant",
          parts: [
            {
              type: "tool-generateFromSuggestion",
              toolCallId: "call-made",
              state: "output-available",
              input: { suggestionId: suggestions[0]?.id },
              output: made,
            },
          ],
        },
        { id: "a5", role: "user", parts: [{ type: "text", text: "now use the next suggestion" }] },
      ],
    },
    cookie,
  });
  expect(await again.text()).toContain(`"input":{"suggestionId":"${suggestions[1]?.id}"}`);
});
