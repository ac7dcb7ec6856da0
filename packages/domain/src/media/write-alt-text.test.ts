import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineAiProvider } from "../../../../apps/server/src/adapters/offline-ai";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { media, postMedia, posts } from "../db/schema";
import { AppError } from "../errors";
import type { AiProvider, AltTextRequest } from "../ports";
import { uploadImage } from "./upload-image";
import { altTextDraftsView, writeAltText, writeAltTextUseCase } from "./write-alt-text";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function brandContext(name = "Bean There Coffee"): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name });
  return { ...t.as(userId), brandId: brand.id };
}

const png = async (colour: string, width = 60, height = 90) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );

const upload = async (ctx: BrandContext, name: string, colour = "#f28c28") =>
  uploadImage(ctx, { bytes: await png(colour), name });

/** The offline model, with its alt text recorded (and answered by `answer` when given). */
function recording(ctx: BrandContext, answer?: (request: AltTextRequest) => Promise<string>) {
  const asked: AltTextRequest[] = [];
  const offline = createOfflineAiProvider();
  const ai: AiProvider = {
    ...offline,
    writeAltText: async (request) => {
      asked.push(request);
      return answer ? answer(request) : offline.writeAltText(request);
    },
  };
  return { ctx: { ...ctx, ai } as BrandContext, asked };
}

async function altTextOf(mediaId: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ altText: media.altText })
    .from(media)
    .where(eq(media.id, mediaId));
  return row?.altText ?? null;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("writeAltText", () => {
  it("drafts alt text only for the images lacking it, saves it, and says which model wrote it", async () => {
    const base = await brandContext();
    const bare = await upload(base, "croissants-on-a-tray.png");
    const described = await upload(base, "latte.png", "#1d4ed8");
    await t.database.db
      .update(media)
      .set({ altText: "A latte with a leaf." })
      .where(eq(media.id, described.id));
    const { ctx, asked } = recording(base);

    const result = await writeAltText(ctx, { mediaIds: [bare.id, described.id] });
    expect(altTextDraftsView.parse(result)).toEqual(result);
    expect(result.model).toBe("offline");
    expect(result.items).toHaveLength(2);
    const [drafted, kept] = result.items;
    expect(drafted).toMatchObject({ mediaId: bare.id, name: "croissants-on-a-tray.png", written: true });
    expect(drafted?.altText).toMatch(
      /^A portrait photo in warm orange tones, .*for Bean There Coffee: Croissants on a tray\.$/,
    );
    expect(kept).toEqual({
      mediaId: described.id,
      name: "latte.png",
      altText: "A latte with a leaf.",
      written: false,
    });
    expect(await altTextOf(bare.id)).toBe(drafted?.altText);
    expect(await altTextOf(described.id)).toBe("A latte with a leaf.");

    // Only the image lacking alt text was sent to the model, with the brand, its language and the file name.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      brand: { name: "Bean There Coffee" },
      language: "en",
      name: "croissants-on-a-tray.png",
      image: { mimeType: "image/png", width: 60, height: 90 },
    });
    expect(asked[0]?.caption).toBeUndefined();

    // Asked again, nothing lacks alt text: the model is not asked at all.
    const again = await writeAltText(ctx, { mediaIds: [bare.id] });
    expect(again.items).toEqual([{ ...drafted, written: false }]);
    expect(asked).toHaveLength(1);
  });

  it("replaces existing alt text with overwrite", async () => {
    const base = await brandContext();
    const image = await upload(base, "beans.png");
    await t.database.db.update(media).set({ altText: "Old words." }).where(eq(media.id, image.id));
    const { ctx, asked } = recording(base, async () => "  Roasted beans\n in a  burlap sack.  ");
    const result = await writeAltTextUseCase.run(ctx, { mediaIds: [image.id], overwrite: true });
    expect(result.items).toEqual([
      { mediaId: image.id, name: "beans.png", altText: "Roasted beans in a burlap sack.", written: true },
    ]);
    expect(asked).toHaveLength(1);
    expect(await altTextOf(image.id)).toBe("Roasted beans in a burlap sack.");
  });

  it("describes every image of a post, in its order, with the post's text as the caption", async () => {
    const base = await brandContext();
    const first = await upload(base, "one.png", "#1d4ed8");
    const second = await upload(base, "two.png", "#f28c28");
    const [post] = await t.database.db
      .insert(posts)
      .values({
        userId: base.userId,
        brandId: base.brandId,
        content: "Our autumn blend is here! Come taste it this weekend. #coffee",
        language: "de",
      })
      .returning();
    if (!post) throw new Error("insert failed");
    await t.database.db.insert(postMedia).values([
      { postId: post.id, position: 0, mediaId: second.id },
      { postId: post.id, position: 1, mediaId: first.id },
    ]);
    const { ctx, asked } = recording(base);

    const result = await writeAltText(ctx, { postId: post.id });
    expect(result.items.map((item) => item.mediaId)).toEqual([second.id, first.id]);
    expect(result.items.every((item) => item.written)).toBe(true);
    expect(asked.map((request) => request.caption)).toEqual([post.content, post.content]);
    // The post's own language is the one its images are described in.
    expect(asked.map((request) => request.language)).toEqual(["de", "de"]);
    expect(result.items[0]?.altText).toMatch(/for Bean There Coffee: Our autumn blend is here!$/);
    expect(result.items[1]?.altText).toMatch(/^A portrait photo in cool blue tones/);
  });

  it("answers not found for another brand's image or post, and changes nothing", async () => {
    const mine = await brandContext();
    const theirs = await brandContext("Other Brand");
    const own = await upload(mine, "mine.png");
    const foreign = await upload(theirs, "theirs.png");
    const { ctx, asked } = recording(mine);

    const error = await failure(writeAltText(ctx, { mediaIds: [own.id, foreign.id] }));
    expect(error).toMatchObject({ code: "not_found", message: "Image not found" });
    expect(asked).toHaveLength(0);
    expect(await altTextOf(own.id)).toBeNull();
    expect(await altTextOf(foreign.id)).toBeNull();

    const [post] = await t.database.db
      .insert(posts)
      .values({ userId: theirs.userId, brandId: theirs.brandId, content: "Not yours" })
      .returning();
    expect(await failure(writeAltText(ctx, { postId: post?.id ?? "" }))).toMatchObject({ code: "not_found" });
  });

  it("skips videos", async () => {
    const base = await brandContext();
    const image = await upload(base, "still.png");
    const id = crypto.randomUUID();
    await t.database.db.insert(media).values({
      id,
      userId: base.userId,
      brandId: base.brandId,
      kind: "upload",
      storageKey: `${base.userId}/${base.brandId}/${id}.mp4`,
      mimeType: "video/mp4",
      byteSize: 5_000_000,
      width: 1080,
      height: 1920,
      durationMs: 8_000,
      name: "clip.mp4",
    });
    const { ctx, asked } = recording(base);
    const result = await writeAltText(ctx, { mediaIds: [id, image.id] });
    expect(result.items.map((item) => item.mediaId)).toEqual([image.id]);
    expect(asked).toHaveLength(1);
    expect(await altTextOf(id)).toBeNull();
  });

  it("refuses a request naming nothing, and turns a model failure into upstream_failed", async () => {
    const base = await brandContext();
    expect(await failure(writeAltText(base, {}))).toMatchObject({ code: "invalid_input" });
    expect(await failure(writeAltText(base, { mediaIds: [] }))).toMatchObject({ code: "invalid_input" });
    const image = await upload(base, "photo.png");
    const broken = recording(base, async () => {
      throw new Error("socket hang up");
    });
    expect(await failure(writeAltText(broken.ctx, { mediaIds: [image.id] }))).toMatchObject({
      code: "upstream_failed",
      message: "Failed to write alt text",
    });
    const empty = recording(base, async () => "   ");
    expect(await failure(writeAltText(empty.ctx, { mediaIds: [image.id] }))).toMatchObject({
      code: "upstream_failed",
    });
    expect(await altTextOf(image.id)).toBeNull();
  });
});
