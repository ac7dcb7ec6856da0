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

async function signedInWithBrand() {
  const { cookie } = await signUpVerifiedUser(ctx);
  await jsonRequest(ctx, "/api/brands", { body: { name: "Caption Cafe" }, cookie });
  return cookie;
}

function upload(cookie: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return ctx.app.request(`${TEST_ORIGIN}/api/media`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
}

const photo = async () =>
  new Uint8Array(
    await sharp({ create: { width: 90, height: 60, channels: 3, background: "#2e7d32" } })
      .jpeg()
      .toBuffer(),
  );

describe("POST /api/captions", () => {
  it("turns an uploaded photo into a pending post with its caption and image", async () => {
    const cookie = await signedInWithBrand();
    const uploaded = await upload(cookie, await photo(), "garden.jpg", "image/jpeg");
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as { id: string };

    const response = await jsonRequest(ctx, "/api/captions", {
      body: { imageId: image.id, context: "our garden terrace" },
      cookie,
    });
    expect(response.status).toBe(201);
    const { post, model } = (await response.json()) as {
      post: { id: string; state: string; content: string; imageId: string; platform: string };
      model: string;
    };
    expect(model).toBe("offline");
    expect(post).toMatchObject({ state: "pending", imageId: image.id, platform: "facebook" });
    expect(post.content).toContain("our garden terrace");
    expect(post.content).toContain("green");

    // It is a post like any other, and the plan shows one caption used.
    const read = await jsonRequest(ctx, `/api/posts/${post.id}`, { cookie });
    expect(((await read.json()) as { source: string }).source).toBe("image_caption");
    const plan = (await (await jsonRequest(ctx, "/api/plan", { cookie })).json()) as {
      captionsRemaining: number;
    };
    expect(plan.captionsRemaining).toBe(24);
  });

  it("refuses a 6 MB photo at the upload, so no caption is written or counted", async () => {
    const cookie = await signedInWithBrand();
    // A real JPEG with 6 MB of trailing bytes: a decoder reads it, the size is what is refused.
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await photo());
    const refused = await upload(cookie, big, "terrace.jpg", "image/jpeg");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: "invalid_input", message: "Image too large. Please select an image under 5MB." },
    });
    const plan = (await (await jsonRequest(ctx, "/api/plan", { cookie })).json()) as {
      captionsRemaining: number;
    };
    expect(plan.captionsRemaining).toBe(25);
  });

  it("refuses a renamed text file at the upload, by its content", async () => {
    const cookie = await signedInWithBrand();
    const fake = await upload(
      cookie,
      new TextEncoder().encode("not a photo at all"),
      "notes.png",
      "image/png",
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "image_type_invalid",
        message: "Please upload a valid image file (JPEG, PNG, GIF, WebP)",
      },
    });
  });

  it("answers another user's image with 404 and a bad body with 400", async () => {
    const owner = await signedInWithBrand();
    const image = (await (await upload(owner, await photo(), "a.jpg", "image/jpeg")).json()) as {
      id: string;
    };
    const stranger = await signedInWithBrand();
    const foreign = await jsonRequest(ctx, "/api/captions", {
      body: { imageId: image.id },
      cookie: stranger,
    });
    expect(foreign.status).toBe(404);
    const bad = await jsonRequest(ctx, "/api/captions", {
      body: { imageId: image.id, platform: "tiktok" },
      cookie: owner,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Platform must be facebook or instagram",
    );
  });
});
