import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { BrandContext, DbExecutor, Deps } from "../context";
import { type Media, type MediaCrop, media, type Post, postMedia } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { MEDIA_NOT_FOUND } from "./schemas";

export type MediaType = "image" | "video";
export const mediaTypeOf = (row: Pick<Media, "mimeType">): MediaType =>
  row.mimeType.startsWith("video/") ? "video" : "image";

/** The most items any network takes in one post (LinkedIn's and Threads' 20). */
export const MAX_POST_MEDIA = 20;

const cropSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .meta({ description: "The part of the item shown, as fractions of its width and height." });

/** One item of a post's media as the caller gives it: one of the brand's stored files, in order. */
export const postMediaInputItem = z.object({
  mediaId: z.uuid({ error: MEDIA_NOT_FOUND }),
  /** Videos: the moment (ms) the cover frame is taken from. */
  coverMs: z.number().int().nonnegative().max(3_600_000).nullish(),
  crop: cropSchema.nullish(),
});
export type PostMediaInputItem = z.infer<typeof postMediaInputItem>;

export const postMediaInput = z
  .array(postMediaInputItem)
  .max(MAX_POST_MEDIA, `A post carries at most ${MAX_POST_MEDIA} images or videos.`)
  .refine((items) => new Set(items.map((item) => item.mediaId)).size === items.length, {
    message: "The same file is twice in the post.",
  });

/** One item of a post's media as the screens, the tools and the API see it. */
export const postMediaItemView = z
  .object({
    mediaId: z.string().nullable().meta({ description: "Null for an image at the user's own URL." }),
    type: z.enum(["image", "video"]),
    url: z.string().meta({ description: "A signed, expiring link to the file." }),
    thumbnailUrl: z.string().meta({ description: "The image itself, or a video's poster frame." }),
    mimeType: z.string(),
    name: z.string().nullable(),
    altText: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    byteSize: z.number().int().nullable(),
    coverMs: z.number().int().nullable(),
    crop: cropSchema.nullable(),
  })
  .meta({ id: "PostMediaItem", description: "An image or video of a post, in order." });
export type PostMediaItemView = z.infer<typeof postMediaItemView>;

type Signer = Pick<Deps, "mediaUrls" | "now">;

function toItemView(deps: Signer, row: Media, link: { coverMs: number | null; crop: MediaCrop | null }) {
  const type = mediaTypeOf(row);
  const url = deps.mediaUrls.sign(row.id, deps.now()).url;
  return {
    mediaId: row.id,
    type,
    url,
    thumbnailUrl: type === "video" ? deps.mediaUrls.sign(row.id, deps.now(), "poster").url : url,
    mimeType: row.mimeType,
    name: row.name,
    altText: row.altText,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    byteSize: row.byteSize,
    coverMs: link.coverMs,
    crop: link.crop,
  } satisfies PostMediaItemView;
}

/**
 * The media of each post, in order, in one query. Posts written before media lists (and the pipeline's
 * generated posts) have no rows: their one image is their list, a stored one or the spec's plain URL.
 */
export async function loadPostMedia(
  deps: Signer & Pick<Deps, "db">,
  rows: readonly Pick<Post, "id" | "imageMediaId" | "imageUrl">[],
): Promise<Map<string, PostMediaItemView[]>> {
  const found = new Map<string, PostMediaItemView[]>();
  if (rows.length === 0) return found;
  const listed = await deps.db
    .select({ link: postMedia, file: media })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(
      inArray(
        postMedia.postId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(postMedia.postId), asc(postMedia.position));
  for (const { link, file } of listed) {
    const items = found.get(link.postId) ?? [];
    items.push(toItemView(deps, file, link));
    found.set(link.postId, items);
  }
  const single = rows.filter((row) => !found.has(row.id) && row.imageMediaId);
  const files = single.length
    ? await deps.db
        .select()
        .from(media)
        .where(inArray(media.id, [...new Set(single.map((row) => row.imageMediaId as string))]))
    : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  for (const row of rows) {
    if (found.has(row.id)) continue;
    const file = row.imageMediaId ? byId.get(row.imageMediaId) : undefined;
    if (file) found.set(row.id, [toItemView(deps, file, { coverMs: null, crop: null })]);
    else if (row.imageUrl) found.set(row.id, [externalImageView(row.imageUrl)]);
    else found.set(row.id, []);
  }
  return found;
}

const externalImageView = (url: string): PostMediaItemView => ({
  mediaId: null,
  type: "image",
  url,
  thumbnailUrl: url,
  mimeType: "image/jpeg",
  name: null,
  altText: null,
  width: null,
  height: null,
  durationMs: null,
  byteSize: null,
  coverMs: null,
  crop: null,
});

/** The brand's own stored files with those ids, in the order given; any other id is not found. */
export async function requireBrandMediaList(ctx: BrandContext, ids: readonly string[]): Promise<Media[]> {
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) throw new AppError("not_found", MEDIA_NOT_FOUND);
  const rows = await ctx.db
    .select()
    .from(media)
    .where(and(inArray(media.id, [...ids]), eq(media.brandId, ctx.brandId), eq(media.userId, ctx.userId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError("not_found", MEDIA_NOT_FOUND);
    return row;
  });
}

/**
 * Replaces a post's media list (in one transaction with the caller's update): the rows in order, and the
 * first item as the post's image (`image_media_id`), so the spec's `image_url` keeps reading the first.
 */
export async function writePostMedia(
  tx: DbExecutor,
  postId: string,
  items: readonly {
    mediaId: string;
    coverMs?: number | null | undefined;
    crop?: MediaCrop | null | undefined;
  }[],
): Promise<void> {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId));
  if (items.length === 0) return;
  await tx.insert(postMedia).values(
    items.map((item, position) => ({
      postId,
      position,
      mediaId: item.mediaId,
      coverMs: item.coverMs ?? null,
      crop: item.crop ?? null,
    })),
  );
}

/**
 * The single-image editor's change (editPost's imageId / imageUrl): a stored image becomes the first item,
 * the rest staying; an image at a plain URL, or none, leaves the post without a stored list.
 */
export async function replaceFirstMedia(
  tx: DbExecutor,
  postId: string,
  mediaId: string | null,
): Promise<void> {
  if (!mediaId) {
    await tx.delete(postMedia).where(eq(postMedia.postId, postId));
    return;
  }
  const updated = await tx
    .update(postMedia)
    .set({ mediaId, coverMs: null, crop: null })
    .where(and(eq(postMedia.postId, postId), eq(postMedia.position, 0)))
    .returning({ postId: postMedia.postId });
  if (updated.length === 0) await tx.insert(postMedia).values({ postId, position: 0, mediaId });
}
