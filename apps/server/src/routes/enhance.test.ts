import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAiServer,
  promptText,
  startFakeOpenAiServer,
} from "../../../../tests/fakes/openai-server";
import { createOpenAiProvider } from "../adapters/openai";
import { createLogger } from "../lib/logger";

describe("POST /api/enhance-content on the offline model", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("needs a session", async () => {
    const response = await jsonRequest(ctx, "/api/enhance-content", {
      body: { fieldName: "industry", currentValue: "tea" },
    });
    expect(response.status).toBe(401);
  });

  it("improves a field from the brand context, deterministically", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    // Before any brand exists (the wizard), the unsaved values travel with the request.
    const early = await jsonRequest(ctx, "/api/enhance-content", {
      body: { fieldName: "brandName", currentValue: "  bean   there " },
      cookie,
    });
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ enhancedContent: "Bean There", model: "offline" });

    await jsonRequest(ctx, "/api/brands", { body: { name: "Bean There" }, cookie });
    await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "industry", value: "Specialty coffee" },
      cookie,
    });
    await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "doNotMention", value: ["Starbucks"] },
      cookie,
    });
    const body = { fieldName: "targetAudience", currentValue: "young professionals, not starbucks fans" };
    const first = (await (await jsonRequest(ctx, "/api/enhance-content", { body, cookie })).json()) as {
      enhancedContent: string;
    };
    const second = (await (await jsonRequest(ctx, "/api/enhance-content", { body, cookie })).json()) as {
      enhancedContent: string;
    };
    expect(first.enhancedContent).toBe(
      "Young professionals interested in specialty coffee, who value quality and expertise.",
    );
    expect(second).toEqual(first);
  });

  it("answers bad input with the documented error shape", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const empty = await jsonRequest(ctx, "/api/enhance-content", {
      body: { fieldName: "description", currentValue: "  " },
      cookie,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: "Enter some text to enhance",
        issues: [{ path: "currentValue", message: "Enter some text to enhance" }],
      },
    });
    const field = await jsonRequest(ctx, "/api/enhance-content", {
      body: { fieldName: "password", currentValue: "x" },
      cookie,
    });
    expect(field.status).toBe(400);
  });
});

describe("POST /api/enhance-content on OpenAI", () => {
  let ctx: TestContext;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    ctx = await createTestContext({
      ai: createOpenAiProvider({
        apiKey: "sk-test",
        baseURL: fake.baseURL,
        textModel: "gpt-4o-mini",
        logger: createLogger("silent"),
        maxRetries: 0,
      }),
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it("sends the stored brand context and labels the answer", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    await jsonRequest(ctx, "/api/brands", { body: { name: "Tea Time" }, cookie });
    await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "targetAudience", value: "Retirees in Leeds" },
      cookie,
    });
    fake.respondWith({ text: "A calm tea room for retirees in Leeds." });
    const response = await jsonRequest(ctx, "/api/enhance-content", {
      body: { fieldName: "description", currentValue: "tea room", industry: "Hospitality" },
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      enhancedContent: "A calm tea room for retirees in Leeds.",
      model: "openai",
    });
    const prompt = promptText(fake.requests.at(-1)!.body);
    expect(prompt).toContain("Tea Time");
    expect(prompt).toContain("Retirees in Leeds");
    expect(prompt).toContain("Hospitality");
    expect(prompt).toContain("tea room");
  });

  it("answers 502 'Failed to enhance content' when the model fails", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    fake.respondWith({ status: 500 });
    const response = await jsonRequest(ctx, "/api/enhance-content", {
      body: { fieldName: "industry", currentValue: "tea" },
      cookie,
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: {
        code: "upstream_failed",
        reason: "upstream_failed",
        message: "Failed to enhance content",
        // Every 5xx body names its request, for the logs.
        requestId: response.headers.get("x-request-id"),
      },
    });
  });
});
