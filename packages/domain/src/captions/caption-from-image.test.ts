import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "../../../../apps/server/src/adapters/offline-ai";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import { updateCompanyProfile } from "../brands/update-company-profile";
import type { BrandContext } from "../context";
import { posts, stripeUserSubscriptions, userPostUsage } from "../db/schema";
import { AppError } from "../errors";
import { uploadImage } from "../media/upload-image";
import type { AiProvider, ImageCaptionRequest } from "../ports";
import { listPosts } from "../posts/list-posts";
import { uploadWatermarkImage } from "../watermark/upload-watermark-image";
import { captionFromImage } from "./caption-from-image";
import { CAPTION_FAILED, CAPTION_FALLBACK, captionBatchRefusal, checkCaptionSelection } from "./schemas";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

const LIMIT = "You have reached your monthly caption limit of 25. Please upgrade to continue.";

async function brandOwner(profile: Parameters<typeof updateCompanyProfile>[1] = {}): Promise<BrandContext> {
  const userId = await t.createUser();
  await createBrand(t.as(userId), { name: "Bean There" });
  const ctx = await resolveBrand(t.as(userId));
  await updateCompanyProfile(ctx, {
    industry: "Specialty coffee",
    targetAudience: "Young professionals",
    keyMessages: ["Roasted fresh every morning"],
    ...profile,
  });
  return ctx;
}

const png = async (width: number, height: number, colour: string) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );

async function uploadPhoto(ctx: BrandContext, colour = "#f28c28", width = 120, height = 80) {
  return uploadImage(ctx, { bytes: await png(width, height, colour), name: "photo.png" });
}

/** The offline model with its captions swapped for a scripted answer that records what it was asked. */
function withCaptions(ctx: BrandContext, answer: (request: ImageCaptionRequest) => Promise<string>) {
  const asked: ImageCaptionRequest[] = [];
  const ai: AiProvider = {
    ...createOfflineAiProvider(),
    kind: "openai",
    captionFromImage: async (request) => {
      asked.push(request);
      return answer(request);
    },
  };
  return { ctx: { ...ctx, ai } as BrandContext, asked };
}

async function captionsUsed(userId: string): Promise<number> {
  const rows = await t.database.db.select().from(userPostUsage).where(eq(userPostUsage.userId, userId));
  return rows.reduce((sum, row) => sum + row.captionsUsed, 0);
}

async function setCaptionsUsed(userId: string, captions: number) {
  const now = new Date();
  await t.database.db
    .insert(userPostUsage)
    .values({ userId, month: now.getUTCMonth() + 1, year: now.getUTCFullYear(), captionsUsed: captions });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { code: error.code, reason: error.reason, message: error.message };
    },
  );

describe("captionFromImage", () => {
  it("creates a pending facebook post with the offline caption and the image, and counts one caption", async () => {
    const ctx = await brandOwner();
    const image = await uploadPhoto(ctx);
    const { post, model } = await captionFromImage(ctx, { imageId: image.id });
    expect(model).toBe("offline");
    expect(post).toMatchObject({
      state: "pending",
      status: "pending",
      platform: "facebook",
      source: "image_caption",
      aiGenerated: true,
      imageId: image.id,
    });
    expect(post.imageUrl).toMatch(new RegExp(`^/api/media/${image.id}/file\\?expires=`));
    // What the offline model measured (an orange landscape photo) and the brand's own words.
    expect(post.content).toContain("landscape shot");
    expect(post.content).toContain("orange");
    expect(post.content).toContain("Roasted fresh every morning.");
    expect(post.content).toContain("#BeanThere");
    expect(await captionsUsed(ctx.userId)).toBe(1);
    expect(t.events.published.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: "post.changed", postId: post.id, change: "created" }),
    );
    // It is one of the brand's pending posts, for review like any other.
    const listed = await listPosts(ctx, { status: "pending" });
    expect(listed.posts.map((p) => p.id)).toContain(post.id);
  });

  it("writes for the platform with the user's context and sends the model the image and the brand", async () => {
    const ctx = await brandOwner({ tone: "friendly" });
    const image = await uploadPhoto(ctx, "#1e3a8a", 60, 120);
    const scripted = withCaptions(ctx, async () => "  Autumn is here at Bean There. #Autumn  ");
    const { post } = await captionFromImage(scripted.ctx, {
      imageId: image.id,
      platform: "instagram",
      context: "  our new autumn blend ",
    });
    expect(post.platform).toBe("instagram");
    expect(post.content).toBe("Autumn is here at Bean There. #Autumn");
    const asked = scripted.asked[0];
    expect(asked?.platform).toBe("instagram");
    expect(asked?.context).toBe("our new autumn blend");
    expect(asked?.brand).toMatchObject({
      name: "Bean There",
      tone: "friendly",
      industry: "Specialty coffee",
    });
    expect(asked?.image).toMatchObject({ mimeType: "image/png", width: 60, height: 120 });
    expect(asked?.image.bytes.byteLength).toBe(image.byteSize);
    // The offline model with the same request: a portrait photo, the context first.
    const offline = await captionFromImage(ctx, {
      imageId: image.id,
      platform: "instagram",
      context: "our new autumn blend",
    });
    expect(offline.post.content).toMatch(/^(Here's a closer look at|Introducing) our new autumn blend\./);
    expect(offline.post.content).toContain("portrait shot");
  });

  it("uses the spec's text when the model answers nothing, and keeps the brand's banned terms out", async () => {
    const ctx = await brandOwner({ doNotMention: ["Starbucks"] });
    const image = await uploadPhoto(ctx);
    const empty = withCaptions(ctx, async () => "   ");
    expect((await captionFromImage(empty.ctx, { imageId: image.id })).post.content).toBe(CAPTION_FALLBACK);
    const careless = withCaptions(ctx, async () => "Better than Starbucks. Fresh every morning.");
    expect((await captionFromImage(careless.ctx, { imageId: image.id })).post.content).toBe(
      "Fresh every morning.",
    );
  });

  it("creates nothing and counts nothing when the model fails", async () => {
    const ctx = await brandOwner();
    const image = await uploadPhoto(ctx);
    const broken = withCaptions(ctx, async () => {
      throw new Error("socket hang up");
    });
    expect(await failure(captionFromImage(broken.ctx, { imageId: image.id }))).toEqual({
      code: "upstream_failed",
      reason: "upstream_failed",
      message: CAPTION_FAILED,
    });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId));
    expect(row).toBeUndefined();
    expect(await captionsUsed(ctx.userId)).toBe(0);
  });

  it("captions only the brand's own uploads and generated images", async () => {
    const ctx = await brandOwner();
    const other = await brandOwner();
    const theirs = await uploadPhoto(other);
    expect(await failure(captionFromImage(ctx, { imageId: theirs.id }))).toEqual({
      code: "not_found",
      reason: "not_found",
      message: "Image not found",
    });
    const mark = await uploadWatermarkImage(ctx, { bytes: await png(40, 40, "#ff0000") });
    expect(await failure(captionFromImage(ctx, { imageId: mark.mediaId }))).toMatchObject({
      code: "not_found",
    });
    expect(await failure(captionFromImage(ctx, { imageId: "not-an-id" }))).toMatchObject({
      code: "invalid_input",
      message: "Image not found",
    });
    expect(
      await failure(captionFromImage(ctx, { imageId: theirs.id, platform: "tiktok" as "facebook" })),
    ).toMatchObject({ code: "invalid_input", message: "Platform must be facebook or instagram" });
    expect(await captionsUsed(ctx.userId)).toBe(0);
  });

  it("refuses a free user with no captions left before asking the model; pro is not limited", async () => {
    const ctx = await brandOwner();
    const image = await uploadPhoto(ctx);
    await setCaptionsUsed(ctx.userId, 25);
    const scripted = withCaptions(ctx, async () => "never asked");
    expect(await failure(captionFromImage(scripted.ctx, { imageId: image.id }))).toEqual({
      code: "quota_exceeded",
      reason: "quota_captions",
      message: LIMIT,
    });
    expect(scripted.asked).toHaveLength(0);

    const pro = await brandOwner();
    await t.database.db.insert(stripeUserSubscriptions).values({
      userId: pro.userId,
      customerId: `cus_${pro.userId}`,
      subscriptionId: `sub_${pro.userId}`,
      subscriptionStatus: "active",
      priceId: "price_pro_monthly",
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    });
    await setCaptionsUsed(pro.userId, 40);
    const proImage = await uploadPhoto(pro);
    expect((await captionFromImage(pro, { imageId: proImage.id })).post.state).toBe("pending");
    expect(await captionsUsed(pro.userId)).toBe(41);
  });

  it("30 concurrent caption requests for a free user with 25 left create exactly 25 posts", async () => {
    const ctx = await brandOwner();
    const image = await uploadPhoto(ctx);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        captionFromImage(ctx, { imageId: image.id }).then(
          () => "ok",
          (error: unknown) => (error instanceof AppError ? error.message : Promise.reject(error)),
        ),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(25);
    expect(results.filter((r) => r === LIMIT)).toHaveLength(5);
    const created = await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId));
    expect(created).toHaveLength(25);
    expect(await captionsUsed(ctx.userId)).toBe(25);
  });
});

describe("the captions screen's checks", () => {
  const file = (name: string, type: string, size = 200_000) => ({ name, type, size });

  it("refuses more than 10 images and files that are not one of the four types", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`${i}.png`, "image/png"));
    expect(checkCaptionSelection(eleven, 0)).toBe("Maximum 10 images allowed at once");
    expect(checkCaptionSelection([file("a.png", "image/png")], 10)).toBe("Maximum 10 images allowed at once");
    expect(checkCaptionSelection([file("a.svg", "image/svg+xml")], 0)).toBe(
      "Please select valid image files. Supported formats: PNG, JPEG, GIF, WebP",
    );
    expect(checkCaptionSelection([file("notes.txt", "")], 0)).not.toBeNull();
    expect(
      checkCaptionSelection(
        [file("a.jpg", "image/jpeg"), file("b.gif", "image/gif"), file("c.webp", ""), file("d.png", "")],
        6,
      ),
    ).toBeNull();
  });

  it("refuses a file over the 5MB the screen promises, by its name", () => {
    const sixMegabytes = 6 * 1024 * 1024;
    expect(checkCaptionSelection([file("terrace.jpg", "image/jpeg", sixMegabytes)], 0)).toBe(
      "terrace.jpg is larger than 5MB. Please select images under 5MB each.",
    );
    expect(
      checkCaptionSelection([file("a.png", "image/png"), file("b.png", "image/png", 5 * 1024 * 1024 + 1)], 0),
    ).toBe("b.png is larger than 5MB. Please select images under 5MB each.");
    expect(checkCaptionSelection([file("exact.png", "image/png", 5 * 1024 * 1024)], 0)).toBeNull();
  });

  it("says the spec's text for an empty batch and for plan limits", () => {
    const free = (left: number) => ({ type: "free", captionsRemaining: left, maxCaptions: 25 });
    expect(captionBatchRefusal(free(25), 0)).toBe("No images to process");
    expect(captionBatchRefusal(free(0), 1)).toBe(LIMIT);
    expect(captionBatchRefusal(free(2), 3)).toBe(
      "You can only process 2 more images this month. Please upgrade for more captions.",
    );
    expect(captionBatchRefusal(free(3), 3)).toBeNull();
    expect(captionBatchRefusal({ type: "pro", captionsRemaining: null, maxCaptions: null }, 10)).toBeNull();
    expect(captionBatchRefusal({ type: "pro", captionsRemaining: 0, maxCaptions: 100 }, 1)).toBe(
      "Caption generation limit reached. Please upgrade to continue.",
    );
  });
});
