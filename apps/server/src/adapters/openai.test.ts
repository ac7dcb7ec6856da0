import { AppError } from "@smm/domain/errors";
import { extractPage } from "@smm/domain/knowledge/extract-page";
import type { EnhanceContentRequest } from "@smm/domain/ports";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeOpenAiServer,
  promptText,
  startFakeOpenAiServer,
} from "../../../../tests/fakes/openai-server";
import { createLogger } from "../lib/logger";
import { createOpenAiProvider } from "./openai";

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake?.close();
});

const request: EnhanceContentRequest = {
  fieldName: "description",
  currentValue: "we roast coffee",
  brand: {
    name: "Bean There",
    description: "",
    industry: "Specialty coffee",
    tone: "friendly",
    targetAudience: "Young professionals",
    keyMessages: ["Roasted fresh every morning"],
    doNotMention: ["Starbucks"],
    primaryColor: "#3B82F6",
    secondaryColor: "#8B5CF6",
    accentColor: "#10B981",
    imageStyle: "professional",
  },
  language: "de",
};

const provider = () =>
  createOpenAiProvider({
    apiKey: "sk-test-123",
    baseURL: fake.baseURL,
    textModel: "gpt-4o-mini",
    logger: createLogger("silent"),
    maxRetries: 0,
  });

it("asks the Chat Completions API with the brand context and returns the text", async () => {
  fake.respondWith({ text: '"Wir rösten Kaffee für junge Berufstätige."' });
  const ai = provider();
  expect(ai.kind).toBe("openai");
  expect(await ai.enhanceContent(request)).toBe("Wir rösten Kaffee für junge Berufstätige.");

  const sent = fake.requests.at(-1)!;
  expect(sent.path).toBe("/v1/chat/completions");
  expect(sent.headers.authorization).toBe("Bearer sk-test-123");
  expect(sent.body.model).toBe("gpt-4o-mini");
  const text = promptText(sent.body);
  for (const fact of [
    "Bean There",
    "Specialty coffee",
    "friendly",
    "Young professionals",
    "Roasted fresh every morning",
    "we roast coffee",
    "German",
    "Never mention any of these: Starbucks",
  ])
    expect(text).toContain(fact);
  expect(sent.body.messages[0]?.role).toBe("system");
});

it("turns a failing server into upstream_failed 'Failed to enhance content'", async () => {
  fake.respondWith({ status: 500 });
  const error = await provider()
    .enhanceContent(request)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "upstream_failed", message: "Failed to enhance content" });
});

it("treats an empty completion as a failure", async () => {
  fake.respondWith({ text: "   " });
  await expect(provider().enhanceContent(request)).rejects.toMatchObject({ code: "upstream_failed" });
});

const postRequest = {
  brand: request.brand,
  language: "en" as const,
  platform: "instagram" as const,
  userPrompt: "our autumn blend",
};

it("writes a post from the model's JSON answer, with the brand and the brief in the prompt", async () => {
  fake.respondWith({
    text: '```json\n{"caption":"Autumn in a cup. #BeanThere","hashtags":["#BeanThere"],"image_prompt":"a latte on oak"}\n```',
  });
  expect(await provider().writePost(postRequest)).toEqual({
    caption: "Autumn in a cup. #BeanThere",
    hashtags: ["#BeanThere"],
    imagePrompt: "a latte on oak",
  });
  const text = promptText(fake.requests.at(-1)!.body);
  for (const fact of [
    "Instagram",
    "Bean There",
    "our autumn blend",
    "Never mention any of these: Starbucks",
    "JSON",
  ])
    expect(text).toContain(fact);
});

it("answers 'Invalid response format from AI' to malformed JSON and 'Failed to generate post' to a 500", async () => {
  fake.respondWith({ text: "Sure! Here is your post: Autumn in a cup." });
  await expect(provider().writePost(postRequest)).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Invalid response format from AI",
  });
  fake.respondWith({ text: '{"hashtags":[]}' });
  await expect(provider().writePost(postRequest)).rejects.toMatchObject({
    message: "Invalid response format from AI",
  });
  fake.respondWith({ status: 500 });
  await expect(provider().writePost(postRequest)).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Failed to generate post",
  });
});

it("analyses a website from the model's JSON (fenced or not), and refuses an unreadable answer or a 500", async () => {
  const page = extractPage(
    "<html><head><title>Bean There Roasters</title><meta name=description content='Small-batch coffee'></head>" +
      "<body><h1>Fresh coffee every week</h1><p>We roast in Leipzig.</p></body></html>",
    "https://bean.example/",
  );
  fake.respondWith({
    text:
      "```json\n" +
      JSON.stringify({
        title: "Bean There Roasters",
        summary: "A coffee roastery.",
        keyPoints: ["Weekly roasts"],
        brandInfo: { name: "Bean There", industry: "Coffee", tone: "Friendly", keyMessages: ["Fresh"] },
      }) +
      "\n```",
  });
  const analysis = await provider().analyzeWebsite({ page });
  expect(analysis).toMatchObject({
    title: "Bean There Roasters",
    keyPoints: ["Weekly roasts"],
    brandInfo: { name: "Bean There", industry: "Coffee", tone: "friendly", keyMessages: ["Fresh"] },
  });
  // The page goes to the model as data, with its title and text.
  expect(promptText(fake.requests.at(-1)!.body)).toContain("We roast in Leipzig.");

  fake.respondWith({ text: "I could not read that page, sorry." });
  await expect(provider().analyzeWebsite({ page })).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Failed to analyze website",
  });
  fake.respondWith({ status: 500 });
  await expect(provider().analyzeWebsite({ page })).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Failed to analyze website",
  });
});
