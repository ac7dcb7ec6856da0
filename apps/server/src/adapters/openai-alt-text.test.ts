import type { AltTextRequest } from "@smm/domain/ports";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeOpenAiServer,
  promptText,
  solidPng,
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

const provider = () =>
  createOpenAiProvider({
    apiKey: "sk-test-123",
    baseURL: fake.baseURL,
    textModel: "gpt-4o-mini",
    logger: createLogger("silent"),
    maxRetries: 0,
  });

const photo = solidPng(4, 6, [242, 140, 40]);
const request: AltTextRequest = {
  brand: {
    name: "Bean There Coffee",
    description: "",
    industry: "Specialty coffee",
    tone: "friendly",
    targetAudience: "Young professionals",
    keyMessages: [],
    doNotMention: [],
    primaryColor: "#3B82F6",
    secondaryColor: "#8B5CF6",
    accentColor: "#10B981",
    imageStyle: "professional",
  },
  language: "fr",
  image: { bytes: photo, mimeType: "image/png", width: 4, height: 6 },
  caption: "Notre mélange d'automne est arrivé ! #café",
  name: "autumn-blend.png",
};

it("sends the image as vision input with literal alt text rules, and answers the text", async () => {
  fake.respondWith({ text: '"Une tasse de café orange sur une table en bois."' });
  expect(await provider().writeAltText(request)).toBe("Une tasse de café orange sur une table en bois.");

  const sent = fake.requests.at(-1)!;
  expect(sent.path).toBe("/v1/chat/completions");
  expect(sent.body.model).toBe("gpt-4o-mini");
  expect(sent.body.messages[0]?.role).toBe("system");
  const user = sent.body.messages.find((message) => message.role === "user");
  const parts = Array.isArray(user?.content) ? user.content : [];
  const image = parts.find((part) => part.type === "image_url");
  expect(image?.image_url?.url).toBe(`data:image/png;base64,${Buffer.from(photo).toString("base64")}`);
  const text = promptText(sent.body);
  for (const fact of [
    "alt text",
    "literally",
    "text word for word",
    '"Image of"',
    "no hashtags",
    "at most 250 characters",
    "French",
    "Bean There Coffee",
    "Notre mélange d'automne est arrivé",
    "autumn-blend.png",
  ])
    expect(text).toContain(fact);
});

it("turns a failing server, or an empty answer, into upstream_failed 'Failed to write alt text'", async () => {
  fake.respondWith({ status: 500 });
  const error = await provider()
    .writeAltText(request)
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: "upstream_failed", message: "Failed to write alt text" });

  fake.respondWith({ text: "  " });
  await expect(provider().writeAltText(request)).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Failed to write alt text",
  });
});
