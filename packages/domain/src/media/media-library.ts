import { and, desc, eq, gte, ilike, inArray, isNull, like, lt, notLike, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext } from "../context";
import { type Media, media, postMedia, posts } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { safeText } from "../text";
import { declareUseCase } from "../use-case";
import { requireBrandMedia } from "./media";
import { variantKeyOf } from "./media-variants";
import { mediaTypeOf } from "./post-media";
import { MEDIA_NOT_FOUND } from "./schemas";

/** What the library shows: uploads and generated files (never the brand's watermark files). */
const LIBRARY_KINDS = ["upload", "generated"] as const;
const PAGE_SIZE = 48;
export const MAX_ALT_TEXT_LENGTH = 1_000;

export const mediaUseView = z.object({
  postId: z.string(),
  platform: z.string(),
  state: z.enum(["draft", "scheduled", "published"]),
  scheduledDate: z.string().nullable(),
});

export const libraryItemView = z
  .object({
    id: z.string(),
    type: z.enum(["image", "video"]),
    kind: z.enum(LIBRARY_KINDS),
    name: z.string(),
    altText: z.string().nullable(),
    url: z.string().meta({ description: "A signed, expiring link to the file." }),
    thumbnailUrl: z.string().meta({ description: "The image, or a video's poster frame." }),
    mimeType: z.string(),
    byteSize: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.string(),
    usedBy: z.array(mediaUseView).meta({ description: "The posts that use it." }),
  })
  .meta({ id: "LibraryItem", description: "A file of the brand's media library." });
export type LibraryItemView = z.infer<typeof libraryItemView>;

export const listMediaInput = z.object({
  /** Words found in the name or the alt text. */
  query: safeText().trim().max(200).optional(),
  type: z.enum(["image", "video"]).optional(),
  /** Only files added on or after / before these dates (ISO). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Images with no alt text yet. */
  missingAltText: z.boolean().optional(),
  /** The last item's createdAt of the page before. */
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type ListMediaInput = z.input<typeof listMediaInput>;

export const libraryPageView = z
  .object({
    items: z.array(libraryItemView),
    nextBefore: z.string().nullable().meta({ description: "Pass as `before` for the next page." }),
  })
  .meta({ id: "LibraryPage" });

const defaultName = (row: Media) =>
  row.name ??
  `${mediaTypeOf(row) === "video" ? "Video" : row.kind === "generated" ? "Generated image" : "Image"} ${row.createdAt.toISOString().slice(0, 16).replace("T", " ")}`;

/** The files' uses, by file id: every post of the brand that lists it (or has it as its one image). */
async function usesOf(ctx: BrandContext, ids: string[]) {
  const found = new Map<string, z.infer<typeof mediaUseView>[]>();
  if (ids.length === 0) return found;
  const listed = await ctx.db
    .selectDistinct({ mediaId: postMedia.mediaId, post: posts })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.postId))
    .where(and(inArray(postMedia.mediaId, ids), eq(posts.brandId, ctx.brandId)));
  const single = await ctx.db
    .select({ mediaId: posts.imageMediaId, post: posts })
    .from(posts)
    .where(and(inArray(posts.imageMediaId, ids), eq(posts.brandId, ctx.brandId)));
  for (const { mediaId, post } of [...listed, ...single]) {
    if (!mediaId) continue;
    const uses = found.get(mediaId) ?? [];
    if (uses.some((use) => use.postId === post.id)) continue;
    uses.push({
      postId: post.id,
      platform: post.platform,
      state: post.postedAt
        ? "published"
        : post.status === "approved" && post.scheduledDate
          ? "scheduled"
          : "draft",
      scheduledDate: post.scheduledDate?.toISOString() ?? null,
    });
    found.set(mediaId, uses);
  }
  return found;
}

function toLibraryItem(
  ctx: BrandContext,
  row: Media,
  usedBy: z.infer<typeof mediaUseView>[],
): LibraryItemView {
  const type = mediaTypeOf(row);
  const url = ctx.mediaUrls.sign(row.id, ctx.now()).url;
  return {
    id: row.id,
    type,
    kind: row.kind as LibraryItemView["kind"],
    name: defaultName(row),
    altText: row.altText,
    url,
    thumbnailUrl: type === "video" ? ctx.mediaUrls.sign(row.id, ctx.now(), "poster").url : url,
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    usedBy,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The brand's media library, newest first: searchable by name and alt text, type and date. */
export async function listMedia(ctx: BrandContext, input: ListMediaInput = {}) {
  const parsed = parseInput(listMediaInput, input);
  const limit = parsed.limit ?? PAGE_SIZE;
  const words = (parsed.query ?? "").split(/\s+/).filter(Boolean);
  const rows = await ctx.db
    .select()
    .from(media)
    .where(
      and(
        eq(media.brandId, ctx.brandId),
        eq(media.userId, ctx.userId),
        inArray(media.kind, [...LIBRARY_KINDS]),
        ...words.map((word) =>
          or(ilike(media.name, `%${escapeLike(word)}%`), ilike(media.altText, `%${escapeLike(word)}%`)),
        ),
        parsed.type === "video" ? like(media.mimeType, "video/%") : undefined,
        parsed.type === "image" ? notLike(media.mimeType, "video/%") : undefined,
        parsed.missingAltText
          ? and(notLike(media.mimeType, "video/%"), or(isNull(media.altText), eq(media.altText, "")))
          : undefined,
        parsed.from ? gte(media.createdAt, new Date(parsed.from)) : undefined,
        parsed.to ? lt(media.createdAt, new Date(parsed.to)) : undefined,
        parsed.before ? lt(media.createdAt, new Date(parsed.before)) : undefined,
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const uses = await usesOf(
    ctx,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => toLibraryItem(ctx, row, uses.get(row.id) ?? [])),
    nextBefore: rows.length > limit ? (page.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

export const updateMediaInput = z
  .object({
    mediaId: z.uuid({ error: MEDIA_NOT_FOUND }),
    name: safeText().trim().min(1, "A name cannot be empty").max(255).optional(),
    /** What the image shows, for people who cannot see it; "" or null removes it. */
    altText: safeText()
      .trim()
      .max(MAX_ALT_TEXT_LENGTH, `Alt text is at most ${MAX_ALT_TEXT_LENGTH} characters`)
      .nullish(),
  })
  .refine((input) => input.name !== undefined || input.altText !== undefined, {
    message: "Give a name or alt text to change",
  });
export type UpdateMediaInput = z.input<typeof updateMediaInput>;

/** Renames a file of the library or sets its alt text (sent with it to the networks that take it). */
export async function updateMedia(ctx: BrandContext, input: UpdateMediaInput): Promise<LibraryItemView> {
  const parsed = parseInput(updateMediaInput, input);
  const row = await requireBrandMedia(ctx, parsed.mediaId);
  const [updated] = await ctx.db
    .update(media)
    .set({
      ...(parsed.name !== undefined ? { name: parsed.name } : {}),
      ...(parsed.altText !== undefined ? { altText: parsed.altText || null } : {}),
    })
    .where(eq(media.id, row.id))
    .returning();
  if (!updated) throw new AppError("not_found", MEDIA_NOT_FOUND);
  const uses = await usesOf(ctx, [updated.id]);
  return toLibraryItem(ctx, updated, uses.get(updated.id) ?? []);
}

export const mediaInUseMessage = (count: number) =>
  count === 1
    ? "This file is used by a scheduled post. Change that post first, then delete the file."
    : `This file is used by ${count} scheduled posts. Change those posts first, then delete the file.`;

export const deleteMediaInput = z.object({ mediaId: z.uuid({ error: MEDIA_NOT_FOUND }) });

/**
 * Deletes a file of the library: refused while a post that has not gone out yet and is approved for a date
 * uses it; drafts and published posts just lose it (their list closes up). The stored file goes with its
 * copies (network variants, a video's poster).
 */
export async function deleteMedia(ctx: BrandContext, input: { mediaId: string }): Promise<{ deleted: true }> {
  const { mediaId } = parseInput(deleteMediaInput, input);
  const row = await requireBrandMedia(ctx, mediaId);
  if (row.kind === "watermark") throw new AppError("not_found", MEDIA_NOT_FOUND);
  const uses = (await usesOf(ctx, [row.id])).get(row.id) ?? [];
  const scheduled = uses.filter((use) => use.state === "scheduled");
  if (scheduled.length > 0) throw new AppError("media_in_use", mediaInUseMessage(scheduled.length));
  await ctx.db.transaction(async (tx) => {
    // Lists close up: the positions after the removed item move down by one.
    const listed = await tx
      .delete(postMedia)
      .where(eq(postMedia.mediaId, row.id))
      .returning({ postId: postMedia.postId, position: postMedia.position });
    for (const { postId, position } of listed) {
      await tx
        .update(postMedia)
        .set({ position: sql`${postMedia.position} - 1` })
        .where(and(eq(postMedia.postId, postId), sql`${postMedia.position} > ${position}`));
      const [first] = await tx
        .select({ mediaId: postMedia.mediaId })
        .from(postMedia)
        .where(and(eq(postMedia.postId, postId), eq(postMedia.position, 0)));
      await tx
        .update(posts)
        .set({ imageMediaId: first?.mediaId ?? null })
        .where(eq(posts.id, postId));
    }
    await tx.delete(media).where(eq(media.id, row.id));
  });
  const keys = [row.storageKey, row.thumbnailKey, variantKeyOf(row, "instagram")].filter(
    (key): key is string => Boolean(key),
  );
  for (const key of keys) await ctx.storage.delete(key).catch(() => {});
  return { deleted: true };
}

export const listMediaUseCase = declareUseCase({
  name: "listMedia",
  description:
    "Search the brand's media library (uploaded and generated images and videos), newest first: by words in the name or alt text, type, date, or images still lacking alt text; each with the posts that use it.",
  scope: "brand",
  input: listMediaInput,
  output: libraryPageView,
  run: listMedia,
});

export const updateMediaUseCase = declareUseCase({
  name: "updateMedia",
  description: "Rename a file of the media library or set its alt text (what the image shows).",
  scope: "brand",
  input: updateMediaInput,
  output: libraryItemView,
  run: updateMedia,
});

export const deleteMediaUseCase = declareUseCase({
  name: "deleteMedia",
  description:
    "Delete a file from the media library; refused while a scheduled post uses it (change that post first).",
  scope: "brand",
  input: deleteMediaInput,
  output: z.object({ deleted: z.literal(true) }).meta({ id: "MediaDeleted" }),
  run: deleteMedia,
});
