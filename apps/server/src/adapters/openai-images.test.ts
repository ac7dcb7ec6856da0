import { AppError } from "@smm/domain/errors";
import type { ImageGenerationRequest } from "@smm/domain/ports";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  defaultFakeImage,
  type FakeOpenAiServer,
  solidPng,
  startFakeOpenAiServer,
} from "../../../../tests/fakes/openai-server";
import type { Logger } from "../lib/logger";
import { createOpenAiImageGenerator } from "./openai-images";

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake?.close();
});

const logged: { message: string; fields?: Record<string, unknown> }[] = [];
const logger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error: (message, fields) => {
    logged.push({ message, ...(fields ? { fields } : {}) });
  },
};
beforeEach(() => {
  logged.length = 0;
  fake.respondToImagesWith({ png: defaultFakeImage });
});

const request: ImageGenerationRequest = {
  brand: {
    name: "Bean There",
    description: "",
    industry: "Specialty coffee",
    tone: "friendly",
    targetAudience: "Young professionals",
    keyMessages: [],
    doNotMention: ["Starbucks"],
    primaryColor: "#3B82F6",
    secondaryColor: "#8B5CF6",
    accentColor: "#10B981",
    imageStyle: "cartoon",
  },
  imagePrompt: "A latte with leaf art on an oak table",
  imageStyle: "cartoon",
  language: "de",
  platform: "instagram",
};

const generator = (maxRetries = 0) =>
  createOpenAiImageGenerator({
    apiKey: "sk-test-img",
    baseURL: fake.baseURL,
    imageModel: "gpt-image-1",
    logger,
    maxRetries,
  });

const failure = { code: "upstream_failed", message: "Failed to generate image" };

it("asks the Images API for one 1024x1024 image and returns the PNG with its size", async () => {
  const images = generator();
  expect(images.kind).toBe("openai");
  const image = await images.generateImage(request);
  expect(image.mimeType).toBe("image/png");
  expect([image.width, image.height]).toEqual([1024, 1024]);
  expect(Buffer.from(image.bytes).equals(Buffer.from(defaultFakeImage))).toBe(true);

  const sent = fake.imageRequests.at(-1)!;
  expect(sent.path).toBe("/v1/images/generations");
  expect(sent.headers.authorization).toBe("Bearer sk-test-img");
  expect(sent.body).toMatchObject({ model: "gpt-image-1", n: 1, size: "1024x1024" });
  for (const fact of [
    "A latte with leaf art on an oak table",
    "#3B82F6",
    "#8B5CF6",
    "#10B981",
    "cartoon",
    "German",
    "Bean There",
    "Instagram",
    "Starbucks",
  ])
    expect(sent.body.prompt).toContain(fact);
  expect(logged).toEqual([]);
});

it("describes each style differently and lets the override replace the brief", async () => {
  const prompts: string[] = [];
  for (const imageStyle of ["professional", "cartoon", "realistic"] as const) {
    await generator().generateImage({ ...request, imageStyle });
    prompts.push(fake.imageRequests.at(-1)!.body.prompt);
  }
  expect(new Set(prompts).size).toBe(3);
  expect(prompts[2]).toContain("photorealistic");

  await generator().generateImage({
    ...request,
    imagePromptOverride: "A neon sign over a night-time espresso bar",
  });
  const prompt = fake.imageRequests.at(-1)!.body.prompt;
  expect(prompt).toContain("A neon sign over a night-time espresso bar");
  expect(prompt).not.toContain("A latte with leaf art");
  // A blank override is no override.
  await generator().generateImage({ ...request, imagePromptOverride: "   " });
  expect(fake.imageRequests.at(-1)!.body.prompt).toContain("A latte with leaf art");
});

it("turns a failing server into upstream_failed 'Failed to generate image' and logs why", async () => {
  fake.respondToImagesWith({ status: 500, message: "boom" });
  const error = await generator()
    .generateImage(request)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject(failure);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ message: "generate-image failed", fields: { model: "gpt-image-1" } });
  expect(JSON.stringify(logged[0]?.fields)).toContain("boom");
});

it("keeps a huge unreadable answer out of the log", async () => {
  fake.respondToImagesWith({ rawBody: JSON.stringify({ created: 1, data: [{ url: "x".repeat(200_000) }] }) });
  await expect(generator().generateImage(request)).rejects.toMatchObject(failure);
  expect(JSON.stringify(logged).length).toBeLessThan(5_000);
});

it("answers 'Failed to generate image' to malformed answers", async () => {
  const before = fake.imageRequests.length;
  for (const reply of [
    { rawBody: "<html>Bad gateway</html>" },
    { rawBody: JSON.stringify({ created: 1, data: [{ url: "https://example.com/a.png" }] }) },
    { rawBody: JSON.stringify({ created: 1, data: [] }) },
    { b64_json: Buffer.from("not an image at all").toString("base64") },
    // A PNG whose pixel data is cut off.
    { b64_json: Buffer.from(solidPng(64, 64, [1, 2, 3]).subarray(0, 60)).toString("base64") },
  ]) {
    fake.respondToImagesWith(reply);
    await expect(
      generator().generateImage(request),
      JSON.stringify(reply).slice(0, 60),
    ).rejects.toMatchObject(failure);
  }
  expect(fake.imageRequests.length - before).toBe(5);
});

it("converts a JPEG answer from a compatible server to PNG", async () => {
  const jpeg = await sharp({ create: { width: 512, height: 256, channels: 3, background: "#3B82F6" } })
    .jpeg()
    .toBuffer();
  fake.respondToImagesWith({ b64_json: jpeg.toString("base64") });
  const image = await generator().generateImage(request);
  expect([...image.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect([image.width, image.height]).toEqual([512, 256]);
  expect((await sharp(image.bytes).metadata()).format).toBe("png");
});

it("retries a failed call when asked to", async () => {
  const before = fake.imageRequests.length;
  fake.respondToImagesWith({ status: 500 }, { times: 1 });
  const image = await generator(1).generateImage(request);
  expect(image.width).toBe(1024);
  expect(fake.imageRequests.length - before).toBe(2);
});
