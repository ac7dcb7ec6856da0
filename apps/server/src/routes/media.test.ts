import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedInWithBrand(name = "Chat Pics") {
  const { cookie } = await signUpVerifiedUser(ctx);
  const response = await jsonRequest(ctx, "/api/brands", { body: { name }, cookie });
  const brand = (await response.json()) as { id: string };
  return { cookie, brandId: brand.id };
}

function upload(path: string, cookie: string | null, bytes: Uint8Array, name: string, type = "image/png") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return ctx.app.request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: form,
  });
}

async function solidPng(side: number, background: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: side, height: side, channels: 4, background } })
      .png()
      .toBuffer(),
  );
}

async function pixelAt(url: string, x: number, y: number) {
  const file = await ctx.app.request(`${TEST_ORIGIN}${url}`);
  expect(file.status).toBe(200);
  const data = await sharp(Buffer.from(await file.arrayBuffer()))
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer();
  return { r: data[0], g: data[1], b: data[2] };
}

interface ChatUpload {
  image: { id: string; url: string; name: string };
  watermarked: boolean;
  message: { id: string; role: string; parts: unknown[] };
}

describe("POST /api/media/chat and GET /api/media/:id", () => {
  it("need a session", async () => {
    const chat = await upload("/api/media/chat", null, await solidPng(10, "#fff"), "a.png");
    expect(chat.status).toBe(401);
    const read = await jsonRequest(ctx, `/api/media/${crypto.randomUUID()}`);
    expect(read.status).toBe(401);
  });

  it("stores a chat image with the brand's watermark and adds it to the stored conversation", async () => {
    const { cookie } = await signedInWithBrand();
    const mark = await upload("/api/watermark/image", cookie, await solidPng(100, "#ff0000"), "mark.png");
    const { mediaId } = (await mark.json()) as { mediaId: string };
    const saved = await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      cookie,
      body: {
        imageMediaId: mediaId,
        position: { x: 25, y: 25 },
        size: 20,
        opacity: 1,
        rotation: 0,
        flipHorizontal: false,
        flipVertical: false,
      },
    });
    expect(saved.status).toBe(200);

    const response = await upload("/api/media/chat", cookie, await solidPng(200, "#ffffff"), "Beach.png");
    expect(response.status).toBe(201);
    const body = (await response.json()) as ChatUpload;
    expect(body.watermarked).toBe(true);
    expect(body.image.name).toBe("Beach.png");
    expect(await pixelAt(body.image.url, 50, 50)).toEqual({ r: 255, g: 0, b: 0 });
    expect(await pixelAt(body.image.url, 180, 180)).toEqual({ r: 255, g: 255, b: 255 });

    const chat = (await (await jsonRequest(ctx, "/api/chat", { cookie })).json()) as {
      messages: ChatUpload["message"][];
    };
    expect(chat.messages).toEqual([body.message]);
    expect(body.message.parts[0]).toEqual({
      type: "data-uploaded-image",
      data: { mediaId: body.image.id, name: "Beach.png" },
    });

    // A fresh link for the stored id, for the brand's own images only.
    const fresh = await jsonRequest(ctx, `/api/media/${body.image.id}`, { cookie });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ id: body.image.id, name: "Beach.png", kind: "upload" });
    const stranger = await signedInWithBrand("Other");
    const hidden = await jsonRequest(ctx, `/api/media/${body.image.id}`, { cookie: stranger.cookie });
    expect(hidden.status).toBe(404);
  });

  it("refuses a non-image or a file over 5MB with the spec's messages, storing nothing", async () => {
    const { cookie } = await signedInWithBrand();
    const fake = await upload("/api/media/chat", cookie, new TextEncoder().encode("hello"), "fake.png");
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "image_type_invalid",
        message: "Please upload a valid image file (JPEG, PNG, GIF, WebP)",
      },
    });
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await solidPng(10, "#fff"));
    const large = await upload("/api/media/chat", cookie, big, "big.png");
    expect(large.status).toBe(400);
    expect(await large.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "image_too_large",
        message: "Image too large. Please select an image under 5MB.",
      },
    });
    const chat = (await (await jsonRequest(ctx, "/api/chat", { cookie })).json()) as { messages: unknown[] };
    expect(chat.messages).toEqual([]);
  });
});
