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

interface WatermarkBody {
  enabled: boolean;
  settings: Record<string, unknown> & { imageMediaId?: string | null };
  imageUrl: string | null;
  processedImageUrl: string | null;
}

async function signedInWithBrand(name = "Bean There") {
  const { cookie } = await signUpVerifiedUser(ctx);
  const response = await jsonRequest(ctx, "/api/brands", { body: { name }, cookie });
  const brand = (await response.json()) as { id: string };
  return { cookie, brandId: brand.id };
}

function upload(
  cookie: string | null,
  bytes: Uint8Array,
  name: string,
  options: { type?: string; field?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? "file",
    new File([bytes as Uint8Array<ArrayBuffer>], name, { type: options.type ?? "image/png" }),
  );
  return ctx.app.request(`${TEST_ORIGIN}/api/watermark/image`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
    body: form,
  });
}

async function redPng(side = 200): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: side, height: side, channels: 4, background: "#ff0000" } })
      .png()
      .toBuffer(),
  );
}

const placement = {
  position: { x: 30, y: 70 },
  size: 25,
  opacity: 0.8,
  rotation: 45,
  flipHorizontal: false,
  flipVertical: true,
};

async function errorOf(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe("watermark routes", () => {
  it("need a session", async () => {
    for (const response of [
      await jsonRequest(ctx, "/api/watermark"),
      await upload(null, await redPng(), "mark.png"),
      await jsonRequest(ctx, "/api/watermark", { method: "PUT", body: placement }),
      await jsonRequest(ctx, "/api/watermark", { method: "DELETE" }),
    ]) {
      expect(await errorOf(response)).toEqual({
        status: 401,
        body: { error: { code: "unauthenticated", reason: "unauthenticated", message: "No active session" } },
      });
    }
  });

  it("upload, save and read back the watermark; its signed link serves a PNG", async () => {
    const { cookie } = await signedInWithBrand();
    const empty = await jsonRequest(ctx, "/api/watermark", { cookie });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ enabled: true, imageUrl: null, processedImageUrl: null });

    const uploaded = await upload(cookie, await redPng(), "mark.png");
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as { mediaId: string; url: string };
    expect(image.url).toMatch(/^\/api\/media\/[0-9a-f-]{36}\/file\?expires=\d+&signature=/);
    // Uploading is an unsaved change: the stored watermark is still empty.
    expect(
      ((await (await jsonRequest(ctx, "/api/watermark", { cookie })).json()) as WatermarkBody).imageUrl,
    ).toBeNull();

    const saved = await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      body: { ...placement, imageMediaId: image.mediaId },
      cookie,
    });
    expect(saved.status).toBe(200);
    const view = (await saved.json()) as WatermarkBody;
    expect(view).toMatchObject({
      enabled: true,
      settings: { ...placement, imageMediaId: image.mediaId, processedImageMediaId: null },
      processedImageUrl: null,
    });

    const read = (await (await jsonRequest(ctx, "/api/watermark", { cookie })).json()) as WatermarkBody;
    expect(read).toEqual(view);
    expect(read.imageUrl).toBe(image.url);

    // The link needs no session: it is what the browser's <img> and the networks fetch.
    const file = await ctx.app.request(`${TEST_ORIGIN}${read.imageUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "png", width: 200, height: 200 });

    // The brand settings tell the same story (the Brand Settings tab's switch).
    const brand = (await (await jsonRequest(ctx, "/api/brands/active", { cookie })).json()) as {
      brand: { settings: { watermarkEnabled: boolean; watermarkSettings: { imageMediaId: string } } };
    };
    expect(brand.brand.settings.watermarkEnabled).toBe(true);
    expect(brand.brand.settings.watermarkSettings.imageMediaId).toBe(image.mediaId);
  });

  it("refuses files that are not JPG, PNG, SVG or WEBP, or are over 5MB, with the spec's messages", async () => {
    const { cookie } = await signedInWithBrand();
    const invalidType = {
      status: 400,
      body: {
        error: {
          code: "invalid_input",
          reason: "image_type_invalid",
          message: "Only image files (JPG, PNG, SVG, WEBP) are allowed",
        },
      },
    };
    const tooLarge = {
      status: 400,
      body: {
        error: {
          code: "invalid_input",
          reason: "image_too_large",
          message: "Image file size must be less than 5MB",
        },
      },
    };
    const text = new TextEncoder().encode("plain text dressed up as a picture");
    expect(await errorOf(await upload(cookie, text, "mark.png"))).toEqual(invalidType);
    expect(await errorOf(await upload(cookie, await redPng(), "mark.png", { field: "image" }))).toEqual(
      invalidType,
    );

    // Just over 5MB (within the form's overhead) and well over it (refused before the body is read).
    const png = await redPng(10);
    for (const size of [5 * 1024 * 1024 + 10, 6 * 1024 * 1024]) {
      const bytes = new Uint8Array(size);
      bytes.set(png);
      expect(await errorOf(await upload(cookie, bytes, "mark.png")), String(size)).toEqual(tooLarge);
    }

    // An SVG is taken, and comes back as a PNG.
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="#00f"/></svg>',
    );
    const uploaded = await upload(cookie, svg, "logo.svg", { type: "image/svg+xml" });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const file = await ctx.app.request(`${TEST_ORIGIN}${url}`);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("removes a white background into a new PNG, with the spec's message when there is no image", async () => {
    const { cookie } = await signedInWithBrand();
    const white = new Uint8Array(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: "#ffffff" } })
        .jpeg()
        .toBuffer(),
    );
    const { mediaId } = (await (await upload(cookie, white, "white.jpg", { type: "image/jpeg" })).json()) as {
      mediaId: string;
    };

    const missing = await jsonRequest(ctx, "/api/watermark/remove-background", {
      body: { mediaId: "" },
      cookie,
    });
    expect(await errorOf(missing)).toEqual({
      status: 400,
      body: {
        error: {
          code: "invalid_input",
          reason: "invalid_input",
          message: "No image available for processing",
          issues: [{ path: "mediaId", message: "No image available for processing" }],
        },
      },
    });

    const processed = await jsonRequest(ctx, "/api/watermark/remove-background", {
      body: { mediaId, threshold: 30 },
      cookie,
    });
    expect(processed.status).toBe(201);
    const result = (await processed.json()) as { mediaId: string; url: string };
    expect(result.mediaId).not.toBe(mediaId);
    const file = await ctx.app.request(`${TEST_ORIGIN}${result.url}`);
    expect(file.headers.get("content-type")).toBe("image/png");
    const { data } = await sharp(Buffer.from(await file.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it("answers 400 for out-of-range values and 404 for another user's image; X-Brand-Id picks the brand", async () => {
    const owner = await signedInWithBrand("Owner Brand");
    const stranger = await signedInWithBrand("Stranger Brand");
    const theirs = (await (await upload(stranger.cookie, await redPng(), "mark.png")).json()) as {
      mediaId: string;
    };

    const outOfRange = await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      body: { ...placement, size: 101, imageMediaId: theirs.mediaId },
      cookie: owner.cookie,
    });
    expect(outOfRange.status).toBe(400);
    expect(((await outOfRange.json()) as { error: { message: string } }).error.message).toBe(
      "Watermark size must be between 10 and 100",
    );

    const foreign = await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      body: { ...placement, imageMediaId: theirs.mediaId },
      cookie: owner.cookie,
    });
    expect(await errorOf(foreign)).toEqual({
      status: 404,
      body: { error: { code: "not_found", reason: "not_found", message: "Image not found" } },
    });
    const foreignBackground = await jsonRequest(ctx, "/api/watermark/remove-background", {
      body: { mediaId: theirs.mediaId },
      cookie: owner.cookie,
    });
    expect(foreignBackground.status).toBe(404);

    // A second brand (now active) and the first one addressed by X-Brand-Id.
    const second = (await (
      await jsonRequest(ctx, "/api/brands", { body: { name: "Second" }, cookie: owner.cookie })
    ).json()) as { id: string };
    const header = { "x-brand-id": owner.brandId };
    const mark = (await (
      await upload(owner.cookie, await redPng(), "mark.png", { headers: header })
    ).json()) as {
      mediaId: string;
    };
    const saved = await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      body: { ...placement, imageMediaId: mark.mediaId },
      cookie: owner.cookie,
      headers: header,
    });
    expect(saved.status).toBe(200);
    // The active (second) brand does not own that image and still has no watermark.
    const active = (await (
      await jsonRequest(ctx, "/api/watermark", { cookie: owner.cookie })
    ).json()) as WatermarkBody;
    expect(active.imageUrl).toBeNull();
    const wrongBrand = await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      body: { ...placement, imageMediaId: mark.mediaId },
      cookie: owner.cookie,
      headers: { "x-brand-id": second.id },
    });
    expect(wrongBrand.status).toBe(404);
    const strangersBrand = await jsonRequest(ctx, "/api/watermark", {
      cookie: owner.cookie,
      headers: { "x-brand-id": stranger.brandId },
    });
    expect(strangersBrand.status).toBe(404);
  });

  it("DELETE removes the watermark: files gone, settings reset, watermark off", async () => {
    const { cookie } = await signedInWithBrand();
    const mark = (await (await upload(cookie, await redPng(), "mark.png")).json()) as {
      mediaId: string;
      url: string;
    };
    await jsonRequest(ctx, "/api/watermark", {
      method: "PUT",
      body: { ...placement, imageMediaId: mark.mediaId },
      cookie,
    });

    const removed = await jsonRequest(ctx, "/api/watermark", { method: "DELETE", cookie });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({
      enabled: false,
      settings: {
        position: { x: 50, y: 50 },
        size: 30,
        opacity: 0.7,
        rotation: 0,
        flipHorizontal: false,
        flipVertical: false,
      },
      imageUrl: null,
      processedImageUrl: null,
    });
    // The old link now leads nowhere.
    expect((await ctx.app.request(`${TEST_ORIGIN}${mark.url}`)).status).toBe(404);
  });
});
