import { and, asc, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { type Media, media, type Post, postMedia } from "../db/schema";
import { AppError } from "../errors";
import { readMediaBytes } from "../media/media";
import { readOrMakeVariant } from "../media/media-variants";
import { mediaTypeOf } from "../media/post-media";
import type { PublishMediaItem, SocialPostRequest } from "../ports";
import { toSocialRequest } from "./post";

export const INSTAGRAM_IMAGE_FAILED = "The image could not be prepared for Instagram.";

/**
 * What a publish hands the network: the post's format and every item in order. An Instagram image goes as
 * its fitted JPEG copy (JPEG only, 4:5 to 1.91:1), made and stored before the call, and the signed link names
 * that copy: Meta fetches exactly what Instagram accepts, while the post keeps the user's own image. A
 * video's cover goes as its poster frame's link. Links to images that are not ours are passed as they are.
 */
export async function toPublishRequest(ctx: BrandContext, row: Post): Promise<SocialPostRequest> {
  const request = toSocialRequest(ctx, row);
  const files = await postFiles(ctx, row);
  const items: PublishMediaItem[] = [];
  for (const { file, coverMs } of files) items.push(await toPublishItem(ctx, row, file, coverMs));
  if (items.length === 0 && request.imageUrl) items.push(externalItem(request.imageUrl));
  const first = items[0];
  return {
    ...request,
    format: row.format,
    media: items,
    // The spec's single image, for adapters that read only it: the first item when it is an image.
    imageUrl: first?.kind === "image" ? first.url : first ? null : request.imageUrl,
  };
}

/** The post's stored files in order (its one stored image when it has no list). */
async function postFiles(ctx: BrandContext, row: Post): Promise<{ file: Media; coverMs: number | null }[]> {
  const listed = await ctx.db
    .select({ file: media, coverMs: postMedia.coverMs })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(and(eq(postMedia.postId, row.id), eq(media.brandId, ctx.brandId), eq(media.userId, ctx.userId)))
    .orderBy(asc(postMedia.position));
  if (listed.length > 0 || !row.imageMediaId) return listed;
  const [image] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, row.imageMediaId), eq(media.userId, ctx.userId), eq(media.brandId, ctx.brandId)));
  return image ? [{ file: image, coverMs: null }] : [];
}

async function toPublishItem(
  ctx: BrandContext,
  row: Post,
  file: Media,
  coverMs: number | null,
): Promise<PublishMediaItem> {
  const type = mediaTypeOf(file);
  let url = ctx.mediaUrls.sign(file.id, ctx.now()).url;
  if (type === "image" && row.platform === "instagram") {
    try {
      await readOrMakeVariant(ctx, file, () => readMediaBytes(ctx, file), "instagram");
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("upstream_failed", INSTAGRAM_IMAGE_FAILED);
    }
    url = ctx.mediaUrls.sign(file.id, ctx.now(), "instagram").url;
  }
  return {
    kind: type,
    mediaId: file.id,
    url,
    mimeType: type === "image" && row.platform === "instagram" ? "image/jpeg" : file.mimeType,
    altText: file.altText ?? "",
    width: file.width,
    height: file.height,
    byteSize: file.byteSize,
    durationMs: file.durationMs,
    coverUrl:
      type === "video" && file.thumbnailKey ? ctx.mediaUrls.sign(file.id, ctx.now(), "poster").url : null,
    coverMs: type === "video" ? (coverMs ?? 0) : null,
  };
}

const externalItem = (url: string): PublishMediaItem => ({
  kind: "image",
  mediaId: null,
  url,
  mimeType: "image/jpeg",
  altText: "",
  width: null,
  height: null,
  byteSize: null,
  durationMs: null,
  coverUrl: null,
  coverMs: null,
});
