import { and, eq } from "drizzle-orm";
import { toBrandSettingsView } from "../brands/brand";
import type { BrandContext } from "../context";
import { media, userBrands } from "../db/schema";

/**
 * Core spec section 4, image pipeline: the brand's watermark goes on when it is enabled and an image
 * exists; on any failure (no mark, unreadable file, a decoding error) the original image is used.
 */
export async function applyBrandWatermark(
  ctx: BrandContext,
  image: Uint8Array,
): Promise<{ bytes: Uint8Array; applied: boolean }> {
  try {
    const [brand] = await ctx.db
      .select({ name: userBrands.name, brandSettings: userBrands.brandSettings })
      .from(userBrands)
      .where(and(eq(userBrands.id, ctx.brandId), eq(userBrands.userId, ctx.userId)));
    if (!brand) return { bytes: image, applied: false };
    const settings = toBrandSettingsView({ ...brand.brandSettings, name: brand.name });
    const mark = settings.watermarkSettings;
    // The background-removed version is what the user saw last in the editor, when there is one.
    const markId = mark.processedImageMediaId ?? mark.imageMediaId;
    if (!settings.watermarkEnabled || !markId) return { bytes: image, applied: false };
    const [row] = await ctx.db
      .select({ storageKey: media.storageKey })
      .from(media)
      .where(and(eq(media.id, markId), eq(media.brandId, ctx.brandId)));
    const markBytes = row ? await ctx.storage.get(row.storageKey) : null;
    if (!markBytes) return { bytes: image, applied: false };
    const bytes = await ctx.imaging.applyWatermark(image, markBytes, {
      position: mark.position,
      size: mark.size,
      opacity: mark.opacity,
      rotation: mark.rotation,
      flipHorizontal: mark.flipHorizontal,
      flipVertical: mark.flipVertical,
    });
    return { bytes, applied: true };
  } catch {
    return { bytes: image, applied: false };
  }
}
