import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { updateBrandSettings } from "../brands/update-brand-settings";
import { getConversation } from "../chat/conversation";
import type { BrandContext } from "../context";
import { media } from "../db/schema";
import { AppError } from "../errors";
import { saveWatermark } from "../watermark/save-watermark";
import { uploadWatermarkImage } from "../watermark/upload-watermark-image";
import { getImage } from "./get-image";
import { IMAGE_TOO_LARGE, INVALID_IMAGE_TYPE, MAX_UPLOAD_BYTES, MEDIA_NOT_FOUND } from "./schemas";
import { uploadChatImage } from "./upload-chat-image";
import { uploadImage } from "./upload-image";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function brandContext(name = "Chat Upload Co"): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name });
  return { ...t.as(userId), brandId: brand.id };
}

async function solidPng(side: number, color: { r: number; g: number; b: number }): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: side, height: side, channels: 4, background: { ...color, alpha: 1 } } })
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
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 };
}

async function storedBytes(mediaId: string): Promise<Uint8Array> {
  const [row] = await t.database.db.select().from(media).where(eq(media.id, mediaId));
  if (!row) throw new Error("no media row");
  const bytes = await t.deps.storage.get(row.storageKey);
  if (!bytes) throw new Error("no file");
  return bytes;
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

/** A red mark in the top-left quarter of the image, fully opaque. */
async function saveRedMark(ctx: BrandContext) {
  const mark = await uploadWatermarkImage(ctx, { bytes: await solidPng(100, { r: 255, g: 0, b: 0 }) });
  await saveWatermark(ctx, {
    imageMediaId: mark.mediaId,
    position: { x: 25, y: 25 },
    size: 20,
    opacity: 1,
    rotation: 0,
    flipHorizontal: false,
    flipVertical: false,
  });
}

const white = { r: 255, g: 255, b: 255 };
const isRed = (p: { r: number; g: number; b: number }) => p.r > 200 && p.g < 60 && p.b < 60;

describe("uploadChatImage", () => {
  it("applies the brand's watermark when it is on, and adds the image to the conversation by id", async () => {
    const ctx = await brandContext();
    await saveRedMark(ctx);
    const original = await solidPng(200, white);
    const upload = await uploadChatImage(ctx, { bytes: original, name: "Summer.png" });
    expect(upload.watermarked).toBe(true);
    expect(upload.image).toMatchObject({
      kind: "upload",
      name: "Summer.png",
      mimeType: "image/png",
      width: 200,
    });
    const stored = await storedBytes(upload.image.id);
    expect(isRed(await pixel(stored, 50, 50))).toBe(true);
    expect(await pixel(stored, 180, 180)).toEqual(white);

    // The stored conversation keeps the id and the name, never the expiring link.
    const { messages } = await getConversation(ctx);
    expect(messages).toEqual([upload.message]);
    expect(upload.message).toMatchObject({
      role: "user",
      parts: [
        { type: "data-uploaded-image", data: { mediaId: upload.image.id, name: "Summer.png" } },
        { type: "text", text: "Uploaded image: Summer.png" },
      ],
    });
    expect(JSON.stringify(messages)).not.toContain("signature=");

    // A second upload comes after the first.
    const second = await uploadChatImage(ctx, { bytes: original, name: "Second.png" });
    expect((await getConversation(ctx)).messages.map((m) => m.id)).toEqual([
      upload.message.id,
      second.message.id,
    ]);
  });

  it("keeps the original image when the watermark is off or there is no mark", async () => {
    const original = await solidPng(120, white);
    const noMark = await brandContext();
    const plain = await uploadChatImage(noMark, { bytes: original, name: "plain.png" });
    expect(plain.watermarked).toBe(false);
    expect(await storedBytes(plain.image.id)).toEqual(original);

    const off = await brandContext();
    await saveRedMark(off);
    await updateBrandSettings(off, { watermarkEnabled: false });
    const unmarked = await uploadChatImage(off, { bytes: original, name: "off.png" });
    expect(unmarked.watermarked).toBe(false);
    expect(await storedBytes(unmarked.image.id)).toEqual(original);
  });

  it("keeps the original image on any watermark failure", async () => {
    const ctx = await brandContext();
    await saveRedMark(ctx);
    const original = await solidPng(120, white);
    const failing: BrandContext = {
      ...ctx,
      imaging: {
        ...ctx.imaging,
        applyWatermark: async () => {
          throw new Error("the imaging library crashed");
        },
      },
    };
    const upload = await uploadChatImage(failing, { bytes: original, name: "safe.png" });
    expect(upload.watermarked).toBe(false);
    expect(await storedBytes(upload.image.id)).toEqual(original);

    // A mark that comes back in another format is a failure too.
    const wrongFormat: BrandContext = {
      ...ctx,
      imaging: { ...ctx.imaging, applyWatermark: async () => new Uint8Array([1, 2, 3]) },
    };
    const kept = await uploadChatImage(wrongFormat, { bytes: original, name: "kept.png" });
    expect(kept.watermarked).toBe(false);
    expect(await storedBytes(kept.image.id)).toEqual(original);
  });

  it("checks the content: too large or not an image is refused and nothing is stored or added", async () => {
    const ctx = await brandContext();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(await solidPng(10, white));
    expect(await rejection(uploadChatImage(ctx, { bytes: big, name: "big.png" }))).toEqual({
      code: "invalid_input",
      message: IMAGE_TOO_LARGE,
    });
    const text = new TextEncoder().encode("not an image at all");
    expect(await rejection(uploadChatImage(ctx, { bytes: text, name: "fake.png" }))).toEqual({
      code: "invalid_input",
      message: INVALID_IMAGE_TYPE,
    });
    expect((await getConversation(ctx)).messages).toEqual([]);
    expect(await t.database.db.select().from(media).where(eq(media.brandId, ctx.brandId))).toEqual([]);
  });
});

describe("uploadImage", () => {
  it("marks only when asked: a custom post image is marked later, by the generation", async () => {
    const ctx = await brandContext();
    await saveRedMark(ctx);
    const original = await solidPng(120, white);
    const custom = await uploadImage(ctx, { bytes: original, name: "custom.png" });
    expect(await storedBytes(custom.id)).toEqual(original);
    const marked = await uploadImage(ctx, { bytes: original, name: "marked.png", applyWatermark: true });
    expect(isRed(await pixel(await storedBytes(marked.id), 30, 30))).toBe(true);
  });
});

describe("getImage", () => {
  it("gives a fresh signed link for the brand's own image only", async () => {
    const ctx = await brandContext();
    const upload = await uploadChatImage(ctx, { bytes: await solidPng(20, white), name: "mine.png" });
    const view = await getImage(ctx, upload.image.id);
    expect(view).toMatchObject({ id: upload.image.id, name: "mine.png" });
    expect(view.url).toMatch(/^\/api\/media\/[0-9a-f-]{36}\/file\?expires=\d+&signature=/);
    const stranger = await brandContext("Someone Else");
    for (const id of [upload.image.id, "not-a-uuid", crypto.randomUUID()]) {
      expect(await rejection(getImage(stranger, id))).toEqual({
        code: "not_found",
        message: MEDIA_NOT_FOUND,
      });
    }
  });
});
