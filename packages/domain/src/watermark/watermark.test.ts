import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultWatermarkSettings } from "../brands/constants";
import { createBrand } from "../brands/create-brand";
import { updateBrandSettings } from "../brands/update-brand-settings";
import type { BrandContext } from "../context";
import { media, userBrands } from "../db/schema";
import { AppError } from "../errors";
import { uploadImage } from "../media/upload-image";
import { applyBrandWatermark } from "./apply-brand-watermark";
import { getWatermark } from "./get-watermark";
import { removeWatermark } from "./remove-watermark";
import { removeWatermarkBackground } from "./remove-watermark-background";
import { saveWatermark } from "./save-watermark";
import { uploadWatermarkImage } from "./upload-watermark-image";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

/** A signed-up user with one (active) brand, as the watermark routes see them. */
async function brandContext(name = "Mark Co"): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name });
  return { ...t.as(userId), brandId: brand.id };
}

async function solidPng(
  width: number,
  height: number,
  color: { r: number; g: number; b: number },
): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { ...color, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
}

/** A black square in the middle of a white canvas: the classic logo-on-white a user uploads. */
async function logoOnWhite(): Promise<Uint8Array> {
  const square = await sharp({
    create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(
    await sharp({
      create: { width: 150, height: 150, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
    })
      .composite([{ input: square, left: 50, top: 50 }])
      .png()
      .toBuffer(),
  );
}

async function pixel(bytes: Uint8Array, x: number, y: number) {
  const data = await sharp(bytes)
    .ensureAlpha()
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer();
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0, a: data[3] ?? 0 };
}

const mediaRow = async (id: string) => (await t.database.db.select().from(media).where(eq(media.id, id)))[0];

const watermarkRows = (ctx: BrandContext) =>
  t.database.db
    .select()
    .from(media)
    .where(and(eq(media.brandId, ctx.brandId), eq(media.kind, "watermark")));

const placement = {
  position: { x: 25, y: 25 },
  size: 20,
  opacity: 1,
  rotation: 0,
  flipHorizontal: false,
  flipVertical: false,
};

describe("uploadWatermarkImage", () => {
  it("judges the type by content: a PNG named .txt is taken, text named .png is refused", async () => {
    const ctx = await brandContext();
    const png = await solidPng(40, 20, { r: 255, g: 0, b: 0 });
    const uploaded = await uploadWatermarkImage(ctx, { bytes: png, name: "mark.txt" });
    expect(uploaded.url).toMatch(
      new RegExp(`^/api/media/${uploaded.mediaId}/file\\?expires=\\d+&signature=`),
    );
    expect(await mediaRow(uploaded.mediaId)).toMatchObject({
      kind: "watermark",
      mimeType: "image/png",
      width: 40,
      height: 20,
      brandId: ctx.brandId,
    });

    const text = new TextEncoder().encode("this is not an image, whatever its name says");
    expect(await rejection(uploadWatermarkImage(ctx, { bytes: text, name: "mark.png" }))).toEqual({
      code: "invalid_input",
      message: "Only image files (JPG, PNG, SVG, WEBP) are allowed",
    });
    // GIF is an image, but not one the watermark editor takes.
    const gif = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
        .gif()
        .toBuffer(),
    );
    expect((await rejection(uploadWatermarkImage(ctx, { bytes: gif, name: "mark.gif" }))).message).toBe(
      "Only image files (JPG, PNG, SVG, WEBP) are allowed",
    );
    // A PNG header on bytes that do not decode is not an image either.
    const broken = new Uint8Array([...png.subarray(0, 16), 1, 2, 3, 4]);
    expect((await rejection(uploadWatermarkImage(ctx, { bytes: broken }))).message).toBe(
      "Only image files (JPG, PNG, SVG, WEBP) are allowed",
    );
    expect(await watermarkRows(ctx)).toHaveLength(1);
  });

  it("accepts JPG and WEBP and refuses images over 5MB", async () => {
    const ctx = await brandContext();
    const base = sharp({ create: { width: 30, height: 30, channels: 3, background: "#123456" } });
    const jpg = new Uint8Array(await base.clone().jpeg().toBuffer());
    const webp = new Uint8Array(await base.clone().webp().toBuffer());
    const jpgRow = await mediaRow((await uploadWatermarkImage(ctx, { bytes: jpg })).mediaId);
    const webpRow = await mediaRow((await uploadWatermarkImage(ctx, { bytes: webp })).mediaId);
    expect([jpgRow?.mimeType, webpRow?.mimeType]).toEqual(["image/jpeg", "image/webp"]);

    // Noise does not compress: a real PNG a little over 5MB.
    const side = 1300;
    const noise = Buffer.alloc(side * side * 4);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = new Uint8Array(
      await sharp(noise, { raw: { width: side, height: side, channels: 4 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    expect(big.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    expect(await rejection(uploadWatermarkImage(ctx, { bytes: big, name: "big.png" }))).toEqual({
      code: "invalid_input",
      message: "Image file size must be less than 5MB",
    });
    expect(await watermarkRows(ctx)).toHaveLength(2);
  });

  it("draws an SVG to a PNG of at most 1024 pixels and never keeps the SVG", async () => {
    const ctx = await brandContext();
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><rect width="2000" height="1000" fill="#ff0000"/></svg>',
    );
    const uploaded = await uploadWatermarkImage(ctx, { bytes: svg, name: "logo.svg" });
    const row = await mediaRow(uploaded.mediaId);
    expect(row).toMatchObject({ mimeType: "image/png", width: 1024, height: 512, name: "logo.png" });
    expect(row?.storageKey).toMatch(/\.png$/);
    const stored = await t.deps.storage.get(row?.storageKey ?? "");
    expect(stored && (await sharp(stored).metadata()).format).toBe("png");
    expect(await pixel(stored as Uint8Array, 10, 10)).toMatchObject({ r: 255, g: 0, b: 0 });
  });

  it("leaves the saved settings alone: the editor holds the upload until Save", async () => {
    const ctx = await brandContext();
    const before = await getWatermark(ctx);
    await uploadWatermarkImage(ctx, { bytes: await solidPng(20, 20, { r: 0, g: 0, b: 255 }) });
    expect(await getWatermark(ctx)).toEqual(before);
    expect(before).toEqual({
      enabled: true,
      settings: defaultWatermarkSettings,
      imageUrl: null,
      processedImageUrl: null,
    });
  });
});

describe("getWatermark", () => {
  it("shows no image for stored ids that lead nowhere (garbage, deleted, another brand's)", async () => {
    const ctx = await brandContext();
    const stranger = await brandContext("Someone Else");
    const theirs = await uploadWatermarkImage(stranger, {
      bytes: await solidPng(20, 20, { r: 9, g: 9, b: 9 }),
    });
    await updateBrandSettings(ctx, {
      watermarkSettings: { imageMediaId: "not-an-id", processedImageMediaId: theirs.mediaId },
    });
    expect(await getWatermark(ctx)).toMatchObject({ imageUrl: null, processedImageUrl: null });
  });
});

describe("saveWatermark", () => {
  it("always enables the watermark, links its images and deletes the brand's abandoned uploads", async () => {
    const ctx = await brandContext();
    await updateBrandSettings(ctx, { watermarkEnabled: false });
    const abandoned = await uploadWatermarkImage(ctx, {
      bytes: await solidPng(30, 30, { r: 0, g: 255, b: 0 }),
    });
    const abandonedRow = await mediaRow(abandoned.mediaId);
    const original = await uploadWatermarkImage(ctx, { bytes: await logoOnWhite(), name: "logo.png" });
    const firstTry = await removeWatermarkBackground(ctx, { mediaId: original.mediaId, threshold: 10 });
    const processed = await removeWatermarkBackground(ctx, { mediaId: original.mediaId, threshold: 40 });
    // An image of a post is not a watermark, and saving never touches it.
    const postImage = await uploadImage(ctx, { bytes: await solidPng(10, 10, { r: 1, g: 2, b: 3 }) });
    t.events.published.length = 0;

    const view = await saveWatermark(ctx, {
      imageMediaId: original.mediaId,
      processedImageMediaId: processed.mediaId,
      position: { x: 10, y: 90 },
      size: 45,
      opacity: 0.55,
      rotation: 90,
      flipHorizontal: true,
      flipVertical: false,
      backgroundRemovalThreshold: 40,
    });

    expect(view).toEqual({
      enabled: true,
      settings: {
        imageMediaId: original.mediaId,
        processedImageMediaId: processed.mediaId,
        imageUrl: null,
        processedImageUrl: null,
        position: { x: 10, y: 90 },
        size: 45,
        opacity: 0.55,
        rotation: 90,
        flipHorizontal: true,
        flipVertical: false,
        backgroundRemovalThreshold: 40,
      },
      imageUrl: t.deps.mediaUrls.sign(original.mediaId, t.deps.now()).url,
      processedImageUrl: t.deps.mediaUrls.sign(processed.mediaId, t.deps.now()).url,
    });
    expect(await getWatermark(ctx)).toEqual(view);
    const [brandRow] = await t.database.db.select().from(userBrands).where(eq(userBrands.id, ctx.brandId));
    expect(brandRow?.brandSettings.watermarkEnabled).toBe(true);
    expect(t.events.published).toContainEqual({
      userId: ctx.userId,
      event: { type: "brand.changed", brandId: ctx.brandId },
    });

    // Abandoned watermark uploads are gone, rows and files; the saved two and the post image stay.
    expect((await watermarkRows(ctx)).map((row) => row.id).sort()).toEqual(
      [original.mediaId, processed.mediaId].sort(),
    );
    expect(await mediaRow(firstTry.mediaId)).toBeUndefined();
    expect(await t.deps.storage.get(abandonedRow?.storageKey ?? "")).toBeNull();
    expect(await mediaRow(postImage.id)).toBeDefined();
  });

  it("refuses images that are not this brand's watermark images with 404", async () => {
    const ctx = await brandContext();
    const own = await uploadWatermarkImage(ctx, { bytes: await solidPng(20, 20, { r: 9, g: 9, b: 9 }) });
    const stranger = await brandContext("Someone Else");
    const theirs = await uploadWatermarkImage(stranger, {
      bytes: await solidPng(20, 20, { r: 9, g: 9, b: 9 }),
    });
    // The same user's other brand is another brand too.
    const otherBrand = await createBrand(t.as(ctx.userId), { name: "Second Brand" });
    const sibling = await uploadWatermarkImage(
      { ...ctx, brandId: otherBrand.id },
      { bytes: await solidPng(20, 20, { r: 9, g: 9, b: 9 }) },
    );
    const postImage = await uploadImage(ctx, { bytes: await solidPng(10, 10, { r: 1, g: 2, b: 3 }) });
    const notFound = { code: "not_found", message: "Image not found" };

    for (const imageMediaId of [
      theirs.mediaId,
      sibling.mediaId,
      postImage.id,
      "not-a-uuid",
      crypto.randomUUID(),
    ]) {
      expect(await rejection(saveWatermark(ctx, { ...placement, imageMediaId })), imageMediaId).toEqual(
        notFound,
      );
    }
    expect(
      await rejection(
        saveWatermark(ctx, {
          ...placement,
          imageMediaId: own.mediaId,
          processedImageMediaId: theirs.mediaId,
        }),
      ),
    ).toEqual(notFound);
    expect(await rejection(removeWatermarkBackground(ctx, { mediaId: theirs.mediaId }))).toEqual(notFound);

    // Nothing changed, nothing was cleaned up: the stranger's image is still theirs.
    expect((await getWatermark(ctx)).settings.imageMediaId).toBeUndefined();
    expect(await mediaRow(theirs.mediaId)).toBeDefined();
    expect(await mediaRow(own.mediaId)).toBeDefined();
  });

  it("checks the editor's ranges with the brand schema's messages", async () => {
    const ctx = await brandContext();
    const own = await uploadWatermarkImage(ctx, { bytes: await solidPng(20, 20, { r: 9, g: 9, b: 9 }) });
    const base = { ...placement, imageMediaId: own.mediaId };
    expect((await rejection(saveWatermark(ctx, { ...base, size: 5 }))).message).toBe(
      "Watermark size must be between 10 and 100",
    );
    expect((await rejection(saveWatermark(ctx, { ...base, opacity: 0.05 }))).message).toBe(
      "Watermark opacity must be between 0.1 and 1",
    );
    expect((await rejection(saveWatermark(ctx, { ...base, rotation: 400 }))).message).toBe(
      "Watermark rotation must be between 0 and 360",
    );
    expect((await rejection(saveWatermark(ctx, { ...base, position: { x: 101, y: 0 } }))).message).toBe(
      "Watermark position must be between 0 and 100",
    );
    expect((await rejection(saveWatermark(ctx, { ...base, imageMediaId: "" }))).message).toBe(
      "Upload a watermark image before saving",
    );
  });
});

describe("removeWatermark", () => {
  it("deletes every watermark file, resets the settings and turns the watermark off", async () => {
    const ctx = await brandContext();
    const mark = await uploadWatermarkImage(ctx, { bytes: await solidPng(20, 20, { r: 200, g: 0, b: 0 }) });
    await saveWatermark(ctx, { ...placement, imageMediaId: mark.mediaId });
    const unsaved = await uploadWatermarkImage(ctx, { bytes: await solidPng(20, 20, { r: 0, g: 0, b: 0 }) });
    const keys = (await watermarkRows(ctx)).map((row) => row.storageKey);
    expect(keys).toHaveLength(2);
    t.events.published.length = 0;

    const view = await removeWatermark(ctx);

    expect(view).toEqual({
      enabled: false,
      settings: defaultWatermarkSettings,
      imageUrl: null,
      processedImageUrl: null,
    });
    expect(await getWatermark(ctx)).toEqual(view);
    expect(await watermarkRows(ctx)).toEqual([]);
    for (const key of keys) expect(await t.deps.storage.get(key)).toBeNull();
    expect(await mediaRow(unsaved.mediaId)).toBeUndefined();
    expect(t.events.published).toContainEqual({
      userId: ctx.userId,
      event: { type: "brand.changed", brandId: ctx.brandId },
    });
  });
});

describe("removeWatermarkBackground", () => {
  it("makes the white background transparent, keeps the mark and stores a new PNG", async () => {
    const ctx = await brandContext();
    const original = await uploadWatermarkImage(ctx, { bytes: await logoOnWhite(), name: "logo.png" });
    const processed = await removeWatermarkBackground(ctx, { mediaId: original.mediaId });
    expect(processed.mediaId).not.toBe(original.mediaId);

    const row = await mediaRow(processed.mediaId);
    expect(row).toMatchObject({ kind: "watermark", mimeType: "image/png", width: 150, height: 150 });
    const bytes = (await t.deps.storage.get(row?.storageKey ?? "")) as Uint8Array;
    expect((await pixel(bytes, 5, 5)).a).toBe(0);
    expect(await pixel(bytes, 75, 75)).toEqual({ r: 0, g: 0, b: 0, a: 255 });
    // The original stays as it was (Reset to Original goes back to it).
    const originalRow = await mediaRow(original.mediaId);
    const originalBytes = (await t.deps.storage.get(originalRow?.storageKey ?? "")) as Uint8Array;
    expect(await pixel(originalBytes, 5, 5)).toEqual({ r: 255, g: 255, b: 255, a: 255 });
  });

  it("answers with the spec's messages when there is nothing to process", async () => {
    const ctx = await brandContext();
    expect(await rejection(removeWatermarkBackground(ctx, { mediaId: "" }))).toEqual({
      code: "invalid_input",
      message: "No image available for processing",
    });
    const mark = await uploadWatermarkImage(ctx, { bytes: await logoOnWhite() });
    expect(
      (await rejection(removeWatermarkBackground(ctx, { mediaId: mark.mediaId, threshold: 4 }))).message,
    ).toBe("Background removal threshold must be between 5 and 100");
    // The file behind the row is gone.
    const row = await mediaRow(mark.mediaId);
    await t.deps.storage.delete(row?.storageKey ?? "");
    expect((await rejection(removeWatermarkBackground(ctx, { mediaId: mark.mediaId }))).message).toBe(
      "No image available for processing",
    );
  });

  it("reports 'Failed to remove background' when the image cannot be processed", async () => {
    const ctx = await brandContext();
    const mark = await uploadWatermarkImage(ctx, { bytes: await logoOnWhite() });
    const failing: BrandContext = {
      ...ctx,
      imaging: {
        ...ctx.imaging,
        removeBackground: async () => {
          throw new Error("decoder crashed");
        },
      },
    };
    expect(await rejection(removeWatermarkBackground(failing, { mediaId: mark.mediaId }))).toEqual({
      code: "invalid_input",
      message: "Failed to remove background",
    });
    expect(await watermarkRows(ctx)).toHaveLength(1);
  });
});

describe("the saved watermark on generated images", () => {
  it("marks a generated image at the saved position once saved, and not after removal", async () => {
    const ctx = await brandContext();
    const generated = await t.deps.images.generateImage({
      brand: {
        name: "Mark Co",
        description: "",
        industry: "coffee",
        tone: "professional",
        targetAudience: "",
        keyMessages: [],
        doNotMention: [],
        primaryColor: "#3B82F6",
        secondaryColor: "#8B5CF6",
        accentColor: "#10B981",
        imageStyle: "professional",
      },
      imagePrompt: "a cup of coffee",
      imageStyle: "professional",
      language: "en",
      platform: "facebook",
    });
    const { width, height } = generated;
    const at = { x: Math.round(width * 0.25), y: Math.round(height * 0.25) };
    const far = { x: Math.round(width * 0.75), y: Math.round(height * 0.75) };
    const isRed = (p: { r: number; g: number; b: number }) => p.r > 200 && p.g < 60 && p.b < 60;
    expect(isRed(await pixel(generated.bytes, at.x, at.y))).toBe(false);

    // Uploaded but not saved: nothing is applied yet.
    const mark = await uploadWatermarkImage(ctx, { bytes: await solidPng(200, 200, { r: 255, g: 0, b: 0 }) });
    expect((await applyBrandWatermark(ctx, generated.bytes)).applied).toBe(false);

    await saveWatermark(ctx, { ...placement, imageMediaId: mark.mediaId });
    const marked = await applyBrandWatermark(ctx, generated.bytes);
    expect(marked.applied).toBe(true);
    expect(isRed(await pixel(marked.bytes, at.x, at.y))).toBe(true);
    expect(await pixel(marked.bytes, far.x, far.y)).toEqual(await pixel(generated.bytes, far.x, far.y));

    await removeWatermark(ctx);
    const after = await applyBrandWatermark(ctx, generated.bytes);
    expect(after.applied).toBe(false);
    expect(isRed(await pixel(after.bytes, at.x, at.y))).toBe(false);
  });
});
