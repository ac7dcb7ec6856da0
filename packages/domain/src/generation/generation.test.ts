import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { updateBrandSettings } from "../brands/update-brand-settings";
import { updateCompanyProfile } from "../brands/update-company-profile";
import type { BrandContext } from "../context";
import { media, notifications, posts, stripeUserSubscriptions, templates, userPostUsage } from "../db/schema";
import { AppError } from "../errors";
import { readSignedMedia } from "../media/read-signed-media";
import { sniffImageType } from "../media/sniff-image-type";
import { uploadImage } from "../media/upload-image";
import type { ImageGenerator } from "../ports";
import { deletePost } from "../posts/delete-post";
import { editPost } from "../posts/edit-post";
import { getPost } from "../posts/get-post";
import { generatePost } from "./generate-post";
import { listImageStyles } from "./list-image-styles";
import { MAX_GENERATION_ATTEMPTS, recoverStalledGenerations, STALLED_AFTER_MS } from "./recover-generations";
import { runPostGeneration } from "./run-post-generation";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; reason: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, reason: error.reason, message: error.message };
}

async function brandContext(overrides: Partial<BrandContext> = {}): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Bean There" });
  const ctx = { ...t.as(userId), brandId: brand.id, ...overrides };
  await updateBrandSettings(ctx, {
    primaryColor: "#DC2626",
    secondaryColor: "#16A34A",
    accentColor: "#2563EB",
  });
  return ctx;
}

async function subscribePro(userId: string) {
  await t.database.db.insert(stripeUserSubscriptions).values({
    userId,
    customerId: `cus_${userId}`,
    subscriptionId: `sub_${userId}`,
    subscriptionStatus: "active",
    priceId: "price_pro_monthly",
    currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
  });
}

const progressOf = (postId: string) =>
  t.events.published
    .map((entry) => entry.event)
    .filter((event) => event.type === "generation.progress" && event.postId === postId)
    .map((event) => (event.type === "generation.progress" ? event.percent : -1));

const failingImages: ImageGenerator = {
  kind: "offline",
  async generateImage() {
    throw new AppError("upstream_failed", "Failed to generate image");
  },
};

describe("generatePost", () => {
  it("creates the post at once as pending and empty, counts it, and queues the pipeline", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, { platform: "instagram", prompt: "our autumn blend" });
    expect(post).toMatchObject({
      status: "pending",
      state: "generating",
      content: "",
      imageUrl: null,
      platform: "instagram",
      aiGenerated: true,
      source: "prompt",
      generation: { status: "queued", progress: 0 },
    });
    expect(t.jobs.enqueued).toContain(post.id);
    const [usage] = await t.database.db
      .select()
      .from(userPostUsage)
      .where(eq(userPostUsage.userId, ctx.userId));
    expect(usage?.postsUsed).toBe(1);
    expect(t.events.published).toContainEqual({
      userId: ctx.userId,
      event: { type: "post.changed", brandId: ctx.brandId, postId: post.id, change: "created" },
    });
  });

  it("fills content, a PNG in the brand's colours and AI suggestions, reporting 5-10-15-60-70-90-100", async () => {
    const ctx = await brandContext();
    await updateCompanyProfile(ctx, { industry: "Coffee roasting", tone: "friendly" });
    const started = await generatePost(ctx, { prompt: "our autumn blend" });
    await t.jobs.runQueued();

    expect(progressOf(started.id)).toEqual([5, 10, 15, 60, 70, 90, 100]);
    const post = await getPost(ctx, { postId: started.id });
    expect(post.state).toBe("pending");
    expect(post.generation).toMatchObject({ status: "completed", stage: "complete", progress: 100 });
    expect(post.content).toContain("Bean There");
    expect(post.content.toLowerCase()).toContain("autumn blend");
    expect(post.aiSuggestions).toMatchObject({
      engagement_prediction: 85,
      audience_match: 80,
      trend_score: 75,
    });
    expect(new Date(post.aiSuggestions?.optimal_time ?? 0).getTime()).toBeGreaterThan(Date.now());

    // The image is served through its signed link and really is a PNG in the brand's colours.
    expect(post.imageId).toBeTruthy();
    const url = new URL(post.imageUrl ?? "", "http://x");
    const file = await readSignedMedia(t.deps, {
      mediaId: post.imageId ?? "",
      expires: Number(url.searchParams.get("expires")),
      signature: url.searchParams.get("signature") ?? "",
    });
    expect(sniffImageType(file.bytes)).toBe("image/png");
    const { data, info } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
    const near = (r: number, g: number, b: number) => {
      for (let i = 0; i < data.length; i += info.channels * 7) {
        const dr = (data[i] ?? 0) - r;
        const dg = (data[i + 1] ?? 0) - g;
        const db = (data[i + 2] ?? 0) - b;
        if (dr * dr + dg * dg + db * db < 40 * 40) return true;
      }
      return false;
    };
    expect(near(0xdc, 0x26, 0x26)).toBe(true);
    expect(near(0x16, 0xa3, 0x4a)).toBe(true);
  });

  it("refuses over the plan's limit with the spec's message and creates nothing", async () => {
    const ctx = await brandContext();
    await generatePost(ctx, {});
    expect(await rejection(generatePost(ctx, {}))).toEqual({
      code: "quota_exceeded",
      reason: "quota_daily",
      message:
        "You have reached your daily limit of 1 post. Please try again tomorrow or upgrade to Pro for unlimited daily posts.",
    });
    expect(await t.database.db.select().from(posts).where(eq(posts.brandId, ctx.brandId))).toHaveLength(1);
  });

  it("keeps the premium style for pro and enterprise, without spending the free user's post", async () => {
    const ctx = await brandContext();
    const customPost = { imageStyle: "custom", imagePromptOverride: "a lighthouse at dusk" } as const;
    expect((await rejection(generatePost(ctx, customPost))).code).toBe("forbidden");
    const [usage] = await t.database.db
      .select()
      .from(userPostUsage)
      .where(eq(userPostUsage.userId, ctx.userId));
    expect(usage?.postsUsed ?? 0).toBe(0);
    const styles = (await listImageStyles(ctx)).styles;
    expect(styles.map((s) => [s.imageStyle, s.available])).toEqual(
      expect.arrayContaining([
        ["professional", true],
        ["custom", false],
      ]),
    );

    await subscribePro(ctx.userId);
    const post = await generatePost(ctx, {
      imageStyle: "custom",
      imagePromptOverride: "a lighthouse at dusk",
    });
    expect(post.state).toBe("generating");
    expect((await listImageStyles(ctx)).styles.find((s) => s.imageStyle === "custom")?.available).toBe(true);
  });

  it("uses an uploaded image instead of drawing one, and refuses another brand's image", async () => {
    const ctx = await brandContext();
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } })
        .png()
        .toBuffer(),
    );
    const upload = await uploadImage(ctx, { bytes: png, name: "shop.png" });
    const post = await generatePost(ctx, { imageId: upload.id, includeWatermark: false });
    await t.jobs.runQueued();
    expect((await getPost(ctx, { postId: post.id })).imageId).toBe(upload.id);

    const stranger = await brandContext();
    expect((await rejection(generatePost(stranger, { imageId: upload.id }))).code).toBe("not_found");
  });
});

describe("a template's prompt", () => {
  it("reaches the writer with the brand's values in place of its variables, and is not pasted", async () => {
    const ctx = await brandContext();
    await updateCompanyProfile(ctx, { industry: "coffee shop", targetAudience: "Young professionals" });
    const [template] = await t.database.db
      .insert(templates)
      .values({
        userId: ctx.userId,
        name: "Tips",
        promptTemplate:
          "Write a {contentTone} post from {brandName} with three practical tips about {industry} that {targetAudience} can use today. Number the tips.",
      })
      .returning();
    const post = await generatePost(ctx, { platform: "facebook", templateId: template?.id });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    const override = row?.generationRequest?.promptOverride ?? "";
    expect(override).toContain("from Bean There with three practical tips about coffee shop");
    expect(override).not.toMatch(/\{\w+\}/);
    await t.jobs.runQueued();
    const done = await getPost(ctx, { postId: post.id });
    expect(done.content).toMatch(/^1\. .+\n2\. .+\n3\. .+$/m);
    expect(done.content).not.toMatch(/practical tips about|number the tips/i);
  });
});

describe("the pipeline's failures", () => {
  it("an image failure leaves the post pending with the caption and the spec's feedback", async () => {
    const ctx = await brandContext({ images: failingImages });
    const post = await generatePost(ctx, { prompt: "rainy day specials" });
    expect(await runPostGeneration({ ...t.deps, images: failingImages }, post.id)).toBe("image_failed");
    const after = await getPost(ctx, { postId: post.id });
    expect(after).toMatchObject({
      status: "pending",
      state: "pending",
      imageUrl: null,
      feedback:
        "Image generation failed: Failed to generate image. Please try again or upload a custom image.",
      generation: { status: "failed" },
    });
    expect(after.content).toContain("Bean There");
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, ctx.userId));
    expect(rows.map((n) => n.message)).toContain("Image generation failed, please try again");
  });

  it("a generation failure denies the post with 'Generation failed: ...'", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    const brokenAi = {
      ...t.deps.ai,
      async writePost(): Promise<never> {
        throw new AppError("upstream_failed", "Invalid response format from AI");
      },
    };
    expect(await runPostGeneration({ ...t.deps, ai: brokenAi }, post.id)).toBe("failed");
    expect(await getPost(ctx, { postId: post.id })).toMatchObject({
      status: "denied",
      state: "denied",
      feedback: "Generation failed: Invalid response format from AI",
      generation: { status: "failed", error: "Invalid response format from AI" },
    });
  });

  it("a generation that fails for good gives its post back to the plan, once: Try again works the same day", async () => {
    const ctx = await brandContext();
    const monthly = async () =>
      (await t.database.db.select().from(userPostUsage).where(eq(userPostUsage.userId, ctx.userId)))[0]
        ?.postsUsed;
    const post = await generatePost(ctx, {});
    expect(await monthly()).toBe(1);
    const brokenAi = {
      ...t.deps.ai,
      async writePost(): Promise<never> {
        throw new AppError("upstream_failed", "Invalid response format from AI");
      },
    };
    expect(await runPostGeneration({ ...t.deps, ai: brokenAi }, post.id)).toBe("failed");
    expect(await monthly()).toBe(0);
    // Run again (a duplicate job): nothing more is given back.
    await runPostGeneration({ ...t.deps, ai: brokenAi }, post.id);
    expect(await monthly()).toBe(0);
    // The free plan's one post of the day is free again.
    const retry = await generatePost(ctx, {});
    expect(retry.id).not.toBe(post.id);
    expect(await monthly()).toBe(1);
    expect(await rejection(generatePost(ctx, {}))).toMatchObject({ code: "quota_exceeded" });
  });

  it("stops quietly when the post is deleted mid-way, and leaves no half-made post behind", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    const deletingAi = {
      ...t.deps.ai,
      async writePost(request: Parameters<typeof t.deps.ai.writePost>[0]) {
        await deletePost(ctx, { postId: post.id });
        return t.deps.ai.writePost(request);
      },
    };
    expect(await runPostGeneration({ ...t.deps, ai: deletingAi }, post.id)).toBe("skipped");
    expect(await t.database.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(0);
  });

  it("a finished post is not generated twice", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    await t.jobs.runQueued();
    const before = await getPost(ctx, { postId: post.id });
    expect(await runPostGeneration(t.deps, post.id)).toBe("skipped");
    expect(await getPost(ctx, { postId: post.id })).toEqual(before);
  });
});

describe("recoverStalledGenerations", () => {
  it("re-queues a post whose run went silent, which then completes from where it stopped", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    // A run that wrote the caption and then died with its server; its job went with it.
    t.jobs.discardQueued();
    await t.database.db
      .update(posts)
      .set({ content: "Written before the crash", generationStatus: "generating", generationProgress: 60 })
      .where(eq(posts.id, post.id));

    expect(await recoverStalledGenerations(t.deps)).toEqual({ requeued: 0, failed: 0 });
    t.clock.set(new Date(Date.now() + STALLED_AFTER_MS + 60_000));
    try {
      const result = await recoverStalledGenerations(t.deps);
      expect(result.requeued).toBeGreaterThanOrEqual(1);
      await t.jobs.runQueued();
    } finally {
      t.clock.set(null);
    }
    const after = await getPost(ctx, { postId: post.id });
    expect(after.generation.status).toBe("completed");
    // Resumed, not restarted: the caption written before the crash is kept.
    expect(after.content).toBe("Written before the crash");
    expect(after.imageId).toBeTruthy();
  });

  it("after repeated interruptions the post is denied with a message instead of staying empty", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    await t.database.db
      .update(posts)
      .set({
        generationStatus: "generating",
        generationRequest: { attempts: MAX_GENERATION_ATTEMPTS },
        updatedAt: new Date(Date.now() - STALLED_AFTER_MS - 60_000),
      })
      .where(eq(posts.id, post.id));
    const result = await recoverStalledGenerations(t.deps);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const after = await getPost(ctx, { postId: post.id });
    expect(after.state).toBe("denied");
    expect(after.feedback).toMatch(/^Generation failed: /);
  });

  it("a post given up after interruptions gives its count back, so the free user may try again", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    await t.database.db
      .update(posts)
      .set({
        generationStatus: "generating",
        generationRequest: { ...row?.generationRequest, attempts: MAX_GENERATION_ATTEMPTS },
        updatedAt: new Date(Date.now() - STALLED_AFTER_MS - 60_000),
      })
      .where(eq(posts.id, post.id));
    await recoverStalledGenerations(t.deps);
    expect((await getPost(ctx, { postId: post.id })).state).toBe("denied");
    await recoverStalledGenerations(t.deps);
    const [usage] = await t.database.db
      .select()
      .from(userPostUsage)
      .where(eq(userPostUsage.userId, ctx.userId));
    expect(usage?.postsUsed).toBe(0);
    expect((await generatePost(ctx, {})).id).not.toBe(post.id);
  });
});

describe("uploadImage and signed links", () => {
  it("judges the type by content, not by name, and caps the size at 5 MB", async () => {
    const ctx = await brandContext();
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const stored = await uploadImage(ctx, { bytes: png, name: "notes.txt" });
    expect(stored).toMatchObject({ mimeType: "image/png", width: 8, height: 8, name: "notes.txt" });

    const text = new TextEncoder().encode("definitely not an image");
    expect(await rejection(uploadImage(ctx, { bytes: text, name: "photo.png" }))).toEqual({
      code: "invalid_input",
      reason: "image_type_invalid",
      message: "Please upload a valid image file (JPEG, PNG, GIF, WebP)",
    });
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(png);
    expect((await rejection(uploadImage(ctx, { bytes: huge, name: "big.png" }))).message).toBe(
      "Image too large. Please select an image under 5MB.",
    );
    const rows = await t.database.db.select().from(media).where(eq(media.brandId, ctx.brandId));
    expect(rows).toHaveLength(1);
  });

  it("serves a file only with a valid, unexpired signature", async () => {
    const ctx = await brandContext();
    const png = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    const stored = await uploadImage(ctx, { bytes: png });
    const url = new URL(stored.url, "http://x");
    const link = {
      mediaId: stored.id,
      expires: Number(url.searchParams.get("expires")),
      signature: url.searchParams.get("signature") ?? "",
    };
    expect((await readSignedMedia(t.deps, link)).bytes).toEqual(png);
    // At least 55 minutes left on a fresh link (never handed out within 5 minutes of expiry).
    expect(link.expires * 1000 - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(
      (
        await rejection(
          // A different first character (a fixed "x" would be no change for a signature starting with x).
          readSignedMedia(t.deps, {
            ...link,
            signature: `${link.signature.startsWith("A") ? "B" : "A"}${link.signature.slice(1)}`,
          }),
        )
      ).code,
    ).toBe("not_found");
    expect((await rejection(readSignedMedia(t.deps, { ...link, expires: link.expires + 300 }))).code).toBe(
      "not_found",
    );
    t.clock.set(new Date(link.expires * 1000 + 1000));
    try {
      expect((await rejection(readSignedMedia(t.deps, link))).code).toBe("not_found");
    } finally {
      t.clock.set(null);
    }
  });
});

describe("a generated post's image afterwards", () => {
  it("can be swapped for an upload with editPost, and goes with the post when it is deleted", async () => {
    const ctx = await brandContext();
    const post = await generatePost(ctx, {});
    await t.jobs.runQueued();
    const generated = await getPost(ctx, { postId: post.id });
    const generatedId = generated.imageId ?? "";
    const [generatedRow] = await t.database.db.select().from(media).where(eq(media.id, generatedId));
    expect(generatedRow?.kind).toBe("generated");

    const png = new Uint8Array(
      await sharp({ create: { width: 6, height: 6, channels: 3, background: "#0f0" } })
        .png()
        .toBuffer(),
    );
    const upload = await uploadImage(ctx, { bytes: png, name: "mine.png" });
    const { post: edited } = await editPost(ctx, {
      postId: post.id,
      content: generated.content,
      imageId: upload.id,
    });
    expect(edited.imageId).toBe(upload.id);

    await editPost(ctx, { postId: post.id, content: generated.content, imageId: generatedId });
    await deletePost(ctx, { postId: post.id });
    expect(await t.database.db.select().from(media).where(eq(media.id, generatedId))).toHaveLength(0);
    expect(await t.deps.storage.get(generatedRow?.storageKey ?? "")).toBeNull();
    // The upload is the brand's and stays.
    expect(await t.database.db.select().from(media).where(eq(media.id, upload.id))).toHaveLength(1);
  });
});
