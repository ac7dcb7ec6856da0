import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
import { afterAll, beforeAll, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Reads SSE frames until one of the wanted type arrives (or the time runs out). */
async function readUntil(body: ReadableStream<Uint8Array>, wanted: string, timeoutMs = 5000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((resolve) =>
          setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes(`event: ${wanted}`)) break;
    }
  } finally {
    await reader.cancel();
  }
  return text;
}

it("streams the caller's own events and nobody else's", async () => {
  const ann = await signUpVerifiedUser(ctx);
  const bob = await signUpVerifiedUser(ctx);
  const annId = (
    (await (await jsonRequest(ctx, "/api/me", { cookie: ann.cookie })).json()) as { user: { id: string } }
  ).user.id;
  const bobId = (
    (await (await jsonRequest(ctx, "/api/me", { cookie: bob.cookie })).json()) as { user: { id: string } }
  ).user.id;

  const response = await jsonRequest(ctx, "/api/events", { cookie: ann.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const body = response.body!;

  // Give the stream a moment to subscribe, then raise one event for each user.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await ctx.events.publish(bobId, { type: "brand.changed", brandId: "bobs-brand" });
  await ctx.events.publish(annId, {
    type: "notification.created",
    notification: { id: "n1", message: "Hello Ann", kind: "info", createdAt: new Date().toISOString() },
  });

  const text = await readUntil(body, "notification.created");
  expect(text).toContain("event: ready");
  expect(text).toContain("Hello Ann");
  expect(text).not.toContain("bobs-brand");
});

it("needs a session", async () => {
  const response = await jsonRequest(ctx, "/api/events");
  expect(response.status).toBe(401);
});
