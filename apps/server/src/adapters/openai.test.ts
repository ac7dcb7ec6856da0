import { AppError } from "@smm/domain/errors";
import { extractPage } from "@smm/domain/knowledge";
import type { EnhanceContentRequest } from "@smm/domain/ports";
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

const slot = (index: number) => ({
  scheduledDate: new Date(Date.UTC(2026, 10, 25 + index, 12)).toISOString(),
  weekday: "Wednesday",
  time: "12:00",
  platform: index % 2 === 0 ? ("facebook" as const) : ("instagram" as const),
  week: 1,
});
const planRequest = {
  brand: request.brand,
  language: "en" as const,
  goal: "our spring launch",
  slots: [slot(0), slot(1)],
};

it("plans a campaign from the model's JSON, one idea per slot, with the brand, goal and slots in the prompt", async () => {
  fake.respondWith({
    text:
      "```json\n" +
      JSON.stringify({
        ideas: [
          { slot: 2, content_suggestion: "Latte art reel.", reason: "Instagram loves motion." },
          { slot: 1, content_suggestion: "Announce the launch.", reason: "Opens the campaign." },
        ],
      }) +
      "\n```",
  });
  expect(await provider().planCampaign(planRequest)).toEqual([
    { contentSuggestion: "Announce the launch.", reason: "Opens the campaign." },
    { contentSuggestion: "Latte art reel.", reason: "Instagram loves motion." },
  ]);
  const text = promptText(fake.requests.at(-1)!.body);
  for (const fact of [
    "Bean There",
    "Young professionals",
    "our spring launch",
    "1. Week 1, Wednesday at 12:00 on Facebook",
    "2. Week 1, Wednesday at 12:00 on Instagram",
    "Never mention any of these: Starbucks",
    "JSON",
  ])
    expect(text).toContain(fact);
});

it("asks for a long plan in parts of 30 slots and joins the answers in order", async () => {
  const slots = Array.from({ length: 35 }, (_, index) => slot(index));
  const before = fake.requests.length;
  fake.respondWith({
    text: JSON.stringify({
      ideas: Array.from({ length: 30 }, (_, index) => ({
        content_suggestion: `Idea ${index + 1}`,
        reason: "r",
      })),
    }),
  });
  // The fake answers 30 ideas to both parts; the second part reads only the first 5 of them.
  const ideas = await provider().planCampaign({ ...planRequest, slots });
  expect(fake.requests.length - before).toBe(2);
  expect(ideas).toHaveLength(35);
  expect(ideas[30]).toEqual({ contentSuggestion: "Idea 1", reason: "r" });
});

it("answers 'Failed to create campaign plan' to malformed JSON, missing slots and a 500", async () => {
  for (const text of [
    "Here is your plan: post a lot.",
    '{"ideas": "none"}',
    '{"ideas":[{"slot":1,"content_suggestion":"Only one"}]}',
  ]) {
    fake.respondWith({ text });
    await expect(provider().planCampaign(planRequest)).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Failed to create campaign plan",
    });
  }
  fake.respondWith({ status: 500 });
  await expect(provider().planCampaign(planRequest)).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Failed to create campaign plan",
  });
});

const ideasRequest = {
  brand: request.brand,
  language: "en" as const,
  topic: "autumn blends",
  count: 2,
  platforms: ["facebook" as const, "instagram" as const],
};

it("suggests content ideas from the model's JSON, with the topic in the prompt", async () => {
  fake.respondWith({
    text: JSON.stringify({
      ideas: [
        { title: "Pumpkin spice, honestly", angle: "Our take on the classic.", platform: "Instagram" },
        { title: "", angle: "no title" },
        { title: "Roast day", angle: "Film the roaster.", platform: "tiktok" },
        { title: "Extra", angle: "One too many.", platform: "facebook" },
      ],
    }),
  });
  expect(await provider().suggestContentIdeas(ideasRequest)).toEqual([
    { title: "Pumpkin spice, honestly", angle: "Our take on the classic.", platform: "instagram" },
    { title: "Roast day", angle: "Film the roaster.", platform: "facebook" },
  ]);
  const text = promptText(fake.requests.at(-1)!.body);
  for (const fact of ["autumn blends", "exactly 2", "Bean There", "Never mention any of these: Starbucks"])
    expect(text).toContain(fact);
});

it("answers 'Failed to generate content ideas' to malformed JSON, no usable idea and a 500", async () => {
  for (const text of ["Some ideas: coffee.", '{"ideas":[{"title":"No angle"}]}']) {
    fake.respondWith({ text });
    await expect(provider().suggestContentIdeas(ideasRequest)).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Failed to generate content ideas",
    });
  }
  fake.respondWith({ status: 500 });
  await expect(provider().suggestContentIdeas(ideasRequest)).rejects.toMatchObject({
    code: "upstream_failed",
    message: "Failed to generate content ideas",
  });
});

it("sends the photo as vision input with the brand context, and answers the caption", async () => {
  fake.respondWith({ text: '"Fresh from the roaster this morning. #BeanThere"' });
  const photo = solidPng(4, 3, [242, 140, 40]);
  const caption = await provider().captionFromImage({
    brand: request.brand,
    language: "en",
    platform: "instagram",
    image: { bytes: photo, mimeType: "image/png", width: 4, height: 3 },
    context: "our new autumn blend",
  });
  expect(caption).toBe("Fresh from the roaster this morning. #BeanThere");

  const sent = fake.requests.at(-1)!;
  expect(sent.path).toBe("/v1/chat/completions");
  const user = sent.body.messages.find((message) => message.role === "user");
  const parts = Array.isArray(user?.content) ? user.content : [];
  const image = parts.find((part) => part.type === "image_url");
  expect(image?.image_url?.url).toBe(`data:image/png;base64,${Buffer.from(photo).toString("base64")}`);
  const text = promptText(sent.body);
  for (const fact of [
    "Instagram",
    "Bean There",
    "Specialty coffee",
    "friendly",
    "Young professionals",
    "Roasted fresh every morning",
    "our new autumn blend",
    "Never mention any of these: Starbucks",
  ])
    expect(text).toContain(fact);
});

it("turns a failing vision call into upstream_failed 'Failed to generate caption'", async () => {
  fake.respondWith({ status: 500 });
  const error = await provider()
    .captionFromImage({
      brand: request.brand,
      language: "en",
      platform: "facebook",
      image: { bytes: solidPng(2, 2, [0, 0, 0]), mimeType: "image/png", width: 2, height: 2 },
    })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ code: "upstream_failed", message: "Failed to generate caption" });
});
