import { posts } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";

/** "Write a caption for this photo" after a chat upload, through /api/chat with the offline assistant. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function chatUpload(cookie: string, context = ctx) {
  const bytes = await sharp({ create: { width: 160, height: 90, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "harbour.png", { type: "image/png" }));
  const response = await context.app.request(`${TEST_ORIGIN}/api/media/chat`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { image: { id: string }; message: unknown };
}

it("captions the photo just uploaded in the chat into a pending post", async () => {
  const { cookie } = await signUpVerifiedUser(ctx);
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Harbour Cafe" }, cookie });
  const { id: brandId } = (await brand.json()) as { id: string };
  const upload = await chatUpload(cookie);

  const ask = { id: "m2", role: "user", parts: [{ type: "text", text: "Write a caption for this photo" }] };
  const response = await jsonRequest(ctx, "/api/chat", { body: { messages: [upload.message, ask] }, cookie });
  const events = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  expect(events).toContainEqual(
    expect.objectContaining({
      type: "tool-input-available",
      toolName: "captionFromImage",
      input: { imageId: upload.image.id, platform: "facebook" },
    }),
  );
  const text = events
    .filter((event) => event.type === "text-delta")
    .map((event) => event.delta)
    .join("");
  expect(text).toContain("a Facebook post with your photo, waiting for your approval");

  const [post] = await ctx.database.db.select().from(posts).where(eq(posts.brandId, brandId));
  expect(post).toMatchObject({ status: "pending", source: "image_caption", imageMediaId: upload.image.id });
  expect(text).toContain(post?.content.split("\n")[0]);
  expect(post?.content).toContain("landscape shot");
});

it("tells a real model the uploaded image's id and what captionFromImage does with it", async () => {
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: "stream-start" as const, warnings: [] },
          { type: "text-start" as const, id: "t" },
          { type: "text-delta" as const, id: "t", delta: "Which platform?" },
          { type: "text-end" as const, id: "t" },
          {
            type: "finish" as const,
            finishReason: { unified: "stop" as const, raw: undefined },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            },
          },
        ],
      }),
    }),
  });
  const withModel = await createTestContext({ chatModel: model });
  try {
    const { cookie } = await signUpVerifiedUser(withModel);
    await jsonRequest(withModel, "/api/brands", { body: { name: "Harbour Cafe" }, cookie });
    const upload = await chatUpload(cookie, withModel);
    const ask = { id: "m2", role: "user", parts: [{ type: "text", text: "Write a caption for this photo" }] };
    await (
      await jsonRequest(withModel, "/api/chat", { body: { messages: [upload.message, ask] }, cookie })
    ).text();

    const prompt = model.doStreamCalls[0]?.prompt ?? [];
    const system = prompt.find((message) => message.role === "system");
    expect(system?.content).toContain("call captionFromImage with that id");
    const userText = prompt
      .filter((message) => message.role === "user")
      .flatMap((message) => message.content)
      .map((part) => (part.type === "text" ? part.text : ""))
      .join("\n");
    expect(userText).toContain(`Image id: ${upload.image.id}`);
    expect(userText).toContain("Uploaded image: harbour.png");
    // The link in the stored part expires; only the id goes to the model.
    expect(userText).not.toContain("signature=");
  } finally {
    await withModel.close();
  }
});
