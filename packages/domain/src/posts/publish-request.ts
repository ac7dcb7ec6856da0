import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { media, type Post } from "../db/schema";
import { AppError } from "../errors";
import { readMediaBytes } from "../media/media";
import { readOrMakeVariant } from "../media/media-variants";
import type { SocialPostRequest } from "../ports";
import { toSocialRequest } from "./post";

export const INSTAGRAM_IMAGE_FAILED = "The image could not be prepared for Instagram.";

/**
 * What a publish hands the network. An Instagram post's image goes as its fitted JPEG copy (JPEG only,
 * 4:5 to 1.91:1), made and stored before the call, and the signed link names that copy: Meta fetches
 * exactly what Instagram accepts, while the post keeps the user's own image. Links to images that are not
 * ours are passed as they are (Meta checks them).
 */
export async function toPublishRequest(ctx: BrandContext, row: Post): Promise<SocialPostRequest> {
  const request = toSocialRequest(ctx, row);
  if (row.platform !== "instagram" || !row.imageMediaId) return request;
  const [image] = await ctx.db
    .select()
    .from(media)
    .where(and(eq(media.id, row.imageMediaId), eq(media.userId, ctx.userId), eq(media.brandId, ctx.brandId)));
  if (!image) return request;
  try {
    await readOrMakeVariant(ctx, image, () => readMediaBytes(ctx, image), "instagram");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("upstream_failed", INSTAGRAM_IMAGE_FAILED);
  }
  return { ...request, imageUrl: ctx.mediaUrls.sign(image.id, ctx.now(), "instagram").url };
}
