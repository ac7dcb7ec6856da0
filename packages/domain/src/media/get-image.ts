import type { BrandContext } from "../context";
import { type MediaView, requireBrandMedia, toMediaView } from "./media";

/** One of the brand's images with a fresh signed link (stored conversations keep ids, not links). */
export async function getImage(ctx: BrandContext, mediaId: string): Promise<MediaView> {
  return toMediaView(ctx, await requireBrandMedia(ctx, mediaId));
}
