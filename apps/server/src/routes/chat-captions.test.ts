import { posts } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
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

async function chatUpload(cookie: string) {
  const bytes = await sharp({ create: { width: 160, height: 90, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "harbour.png", { type: "image/png" }));
  const response = await ctx.app.request(`${TEST_ORIGIN}/api/media/chat`, {
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
