import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { INCOMPLETE_REPLY_APOLOGY, TECHNICAL_DIFFICULTIES } from "@smm/domain/chat";
import { posts, userBrands } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { MockLanguageModelV3 } from "ai/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPGRADE_HINT } from "../adapters/offline-assistant/intents";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedInWithBrand(context = ctx) {
  const { cookie } = await signUpVerifiedUser(context);
  const userId = await userIdOf(context, cookie);
  const brand = await jsonRequest(context, "/api/brands", { body: { name: "Chat Bakery" }, cookie });
  const { id: brandId } = (await brand.json()) as { id: string };
  return { cookie, userId, brandId };
}

const userMessage = (id: string, text: string) => ({ id, role: "user", parts: [{ type: "text", text }] });

/** Sends the conversation and reads the whole UI message stream (server-sent events). */
async function chat(cookie: string, messages: unknown[], context = ctx) {
  const response = await jsonRequest(context, "/api/chat", { body: { messages }, cookie });
  const body = await response.text();
  const events = body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const text = events
    .filter((event) => event.type === "text-delta")
    .map((event) => event.delta)
    .join("");
  return { response, events, text };
}

describe("/api/chat with the offline assistant", () => {
  it("starts empty, runs the tool a request names, answers, and keeps the conversation", async () => {
    const { cookie, brandId } = await signedInWithBrand();
    expect(await (await jsonRequest(ctx, "/api/chat", { cookie })).json()).toEqual({ messages: [] });

    const first = userMessage("m1", "set my tone to casual");
    const { response, events, text } = await chat(cookie, [first]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "tool-input-available",
        toolName: "updateBrandField",
        input: { field: "tone", value: "casual" },
      }),
    );
    expect(events.some((event) => event.type === "tool-output-available")).toBe(true);
    expect(text).toBe("I changed your tone to casual. You can see it in Settings.");
    const [brand] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId));
    expect(brand?.companyProfile.tone).toBe("casual");

    // Reopened: the same conversation, with the tool part, as the chat renders it.
    const stored = (await (await jsonRequest(ctx, "/api/chat", { cookie })).json()) as {
      messages: { role: string; parts: { type: string; state?: string }[] }[];
    };
    expect(stored.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(stored.messages[1]?.parts).toContainEqual(
      expect.objectContaining({ type: "tool-updateBrandField", state: "output-available" }),
    );

    // Clear Chat.
    expect((await jsonRequest(ctx, "/api/chat", { method: "DELETE", cookie })).status).toBe(200);
    expect(await (await jsonRequest(ctx, "/api/chat", { cookie })).json()).toEqual({ messages: [] });
  });

  it("creates a post from a chat request, as the dashboard would see it", async () => {
    const { cookie, userId } = await signedInWithBrand();
    const { events, text } = await chat(cookie, [userMessage("m1", "Create a post about our summer sale")]);
    const output = events.find((event) => event.type === "tool-output-available") as
      | { output: { id: string; status: string } }
      | undefined;
    expect(output?.output.status).toBe("pending");
    expect(text).toMatch(/creating a Facebook post about “our summer sale”/);
    await ctx.jobs.settled();
    const [post] = await ctx.database.db.select().from(posts).where(eq(posts.userId, userId));
    expect(post?.id).toBe(output?.output.id);
    expect(post?.content).toMatch(/summer sale/i);
  });

  it("needs a session, checks the body, and changes nothing on a refusal", async () => {
    const anonymous = await jsonRequest(ctx, "/api/chat", { body: { messages: [userMessage("m", "hi")] } });
    expect(anonymous.status).toBe(401);
    const { cookie } = await signedInWithBrand();
    const empty = await jsonRequest(ctx, "/api/chat", { body: { messages: [] }, cookie });
    expect(empty.status).toBe(400);
    const malformed = await jsonRequest(ctx, "/api/chat", {
      body: { messages: [{ id: "x", role: "user", parts: [{ type: "nonsense" }] }] },
      cookie,
    });
    expect(malformed.status).toBe(400);
    const badZone = await jsonRequest(ctx, "/api/chat", {
      body: { messages: [userMessage("m", "hi")], timeZone: "Mars/Olympus_Mons" },
      cookie,
    });
    expect(badZone.status).toBe(400);
    expect(JSON.stringify(await badZone.json())).toContain("timeZone must be an IANA time zone");
    expect(await (await jsonRequest(ctx, "/api/chat", { cookie })).json()).toEqual({ messages: [] });
  });

  it("reads a day said in words on the browser's zone, DST change included", async () => {
    const { cookie } = await signedInWithBrand();
    const made = await chat(cookie, [userMessage("m1", "Create a post about our spring menu")]);
    const post = made.events.find((event) => event.type === "tool-output-available") as
      | { output: { id: string } }
      | undefined;
    await ctx.jobs.settled();
    const stored = (await (await jsonRequest(ctx, "/api/chat", { cookie })).json()) as {
      messages: unknown[];
    };
    // The server's clock is the test's: the answer is the zone's 9 on the day named.
    const response = await jsonRequest(ctx, "/api/chat", {
      body: {
        messages: [...stored.messages, userMessage("m2", "schedule it tomorrow at 9am")],
        utcOffsetMinutes: 0,
        timeZone: "Asia/Tokyo",
      },
      cookie,
    });
    const events = (await response.text())
      .split("\n")
      .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
      .map((line) => JSON.parse(line.slice(6)) as { type: string; input?: { scheduledDate?: string } });
    const call = events.find((event) => event.type === "tool-input-available" && event.input?.scheduledDate);
    expect(post?.output.id).toBeDefined();
    const scheduled = new Date(call?.input?.scheduledDate ?? "");
    // 9:00 in Tokyo (UTC+9, no DST) is 00:00 UTC, whatever offset the body said.
    expect(scheduled.getUTCHours()).toBe(0);
    expect(scheduled.getUTCMinutes()).toBe(0);
  });
});

describe("/api/chat across turns", () => {
  it("continues a reloaded conversation, and shows a refused call with the use case's own words", async () => {
    const { cookie } = await signedInWithBrand();
    await chat(cookie, [userMessage("m1", "Create a post about our bread")]);
    await ctx.jobs.settled();
    // Reopened (GET), then a new message sent with the stored history, as the chat does after a reload.
    const stored = (await (await jsonRequest(ctx, "/api/chat", { cookie })).json()) as {
      messages: { id: string; role: string }[];
    };
    expect(stored.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(stored.messages.every((message) => message.id.length > 0)).toBe(true);

    // The free plan makes one post a day: the second is refused by the quota, said as the quota says it.
    const { response, events, text } = await chat(cookie, [
      ...stored.messages,
      userMessage("m2", "Create a post about our cakes"),
    ]);
    expect(response.status).toBe(200);
    const refusal = events.find((event) => event.type === "tool-output-error") as
      | { errorText: string }
      | undefined;
    expect(refusal?.errorText).toMatch(/daily limit of 1 post/);
    // The refusal's reason (quota_daily) reached the offline model through the AI SDK: it offers the upgrade.
    expect(text).toContain(UPGRADE_HINT);
    expect(events.some((event) => event.type === "error")).toBe(false);
  });
});

describe("/api/chat when the model fails", () => {
  it("answers with the spec's technical-difficulties text and keeps what the user typed", async () => {
    const failing = await createTestContext({
      chatModel: new MockLanguageModelV3({
        doStream: async () => {
          throw new Error("upstream exploded");
        },
      }),
    });
    try {
      const { cookie } = await signedInWithBrand(failing);
      const { response, events } = await chat(cookie, [userMessage("m1", "hello there")], failing);
      expect(response.status).toBe(200);
      expect(events).toContainEqual({ type: "error", errorText: TECHNICAL_DIFFICULTIES });
      const stored = (await (await jsonRequest(failing, "/api/chat", { cookie })).json()) as {
        messages: { role: string; parts: { text?: string }[] }[];
      };
      expect(stored.messages[0]?.parts[0]?.text).toBe("hello there");
    } finally {
      await failing.close();
    }
  });
});

describe("/api/chat when the reply is incomplete", () => {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  const streamOf = (chunks: LanguageModelV3StreamPart[]) => ({
    stream: new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  });

  async function turnWith(model: MockLanguageModelV3, text: string) {
    const context = await createTestContext({ chatModel: model });
    try {
      const { cookie } = await signedInWithBrand(context);
      const turn = await chat(cookie, [userMessage("m1", text)], context);
      const stored = (await (await jsonRequest(context, "/api/chat", { cookie })).json()) as {
        messages: { role: string; parts: { type: string; text?: string }[] }[];
      };
      return { ...turn, stored };
    } finally {
      await context.close();
    }
  }

  it("apologises after a reply cut off by the model's output limit, and keeps the apology", async () => {
    const { text, stored } = await turnWith(
      new MockLanguageModelV3({
        doStream: async () =>
          streamOf([
            { type: "stream-start", warnings: [] },
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "Here are three ideas: first," },
            { type: "text-end", id: "t" },
            { type: "finish", finishReason: { unified: "length", raw: "length" }, usage },
          ]),
      }),
      "give me three ideas",
    );
    expect(text).toBe(`Here are three ideas: first,${INCOMPLETE_REPLY_APOLOGY}`);
    expect(stored.messages[1]?.parts.filter((part) => part.type === "text").at(-1)?.text).toBe(
      INCOMPLETE_REPLY_APOLOGY,
    );
  });

  it("apologises when the model is still calling tools at the step limit", async () => {
    let call = 0;
    const { events, text } = await turnWith(
      new MockLanguageModelV3({
        doStream: async () => {
          call += 1;
          return streamOf([
            { type: "stream-start", warnings: [] },
            { type: "tool-call", toolCallId: `c${call}`, toolName: "listBrands", input: "{}" },
            { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
          ]);
        },
      }),
      "list my brands over and over",
    );
    expect(events.filter((event) => event.type === "tool-output-available")).toHaveLength(5);
    expect(text).toBe(INCOMPLETE_REPLY_APOLOGY);
  });

  it("apologises for an empty reply, but not for a call the browser performs", async () => {
    const silent = await turnWith(
      new MockLanguageModelV3({
        doStream: async () =>
          streamOf([
            { type: "stream-start", warnings: [] },
            { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
          ]),
      }),
      "hello?",
    );
    expect(silent.text).toBe(INCOMPLETE_REPLY_APOLOGY);

    const navigating = await turnWith(
      new MockLanguageModelV3({
        doStream: async () =>
          streamOf([
            { type: "stream-start", warnings: [] },
            { type: "tool-call", toolCallId: "nav", toolName: "navigateTo", input: '{"path":"/calendar"}' },
            { type: "finish", finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage },
          ]),
      }),
      "go to calendar",
    );
    expect(navigating.events).toContainEqual(
      expect.objectContaining({ type: "tool-input-available", toolName: "navigateTo" }),
    );
    expect(navigating.text).toBe("");
  });
});
