import { and, eq, inArray } from "drizzle-orm";
import { requireUserBrand } from "../brands/brand";
import { defaultBrandSettings } from "../brands/constants";
import { publishBrandChanged } from "../brands/publish-brand-changed";
import { applyBrandSettingsPatch } from "../brands/rules";
import type { BrandContext } from "../context";
import { media, userBrands } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { MEDIA_NOT_FOUND } from "../media/schemas";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { type SaveWatermarkInput, saveWatermarkInput, type WatermarkView, watermarkView } from "./schemas";
import { deleteFiles, deleteWatermarkRows, toWatermarkView } from "./watermark-media";

export { type SaveWatermarkInput, saveWatermarkInput };

/**
 * Saves the editor's watermark and turns the watermark on (saving always enables it). The images must be
 * the brand's own watermark images; every other watermark image of the brand (uploads the user replaced or
 * abandoned, older background removals) is deleted, so they do not pile up.
 */
export async function saveWatermark(ctx: BrandContext, rawInput: SaveWatermarkInput): Promise<WatermarkView> {
  const input = parseInput(saveWatermarkInput, rawInput);
  const keep = [input.imageMediaId, ...(input.processedImageMediaId ? [input.processedImageMediaId] : [])];
  if (!keep.every(isUuid)) throw new AppError("not_found", MEDIA_NOT_FOUND);

  const { row, orphanKeys } = await ctx.db.transaction(async (tx) => {
    // The brand row's lock serialises saves and removals of this brand's watermark.
    const current = await requireUserBrand(tx, ctx.userId, ctx.brandId, { forUpdate: true });
    const found = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          inArray(media.id, keep),
          eq(media.brandId, ctx.brandId),
          eq(media.userId, ctx.userId),
          eq(media.kind, "watermark"),
        ),
      );
    if (found.length !== new Set(keep).size) throw new AppError("not_found", MEDIA_NOT_FOUND);

    const settings = applyBrandSettingsPatch(
      { ...defaultBrandSettings, ...current.brandSettings, name: current.name },
      {
        watermarkEnabled: true,
        watermarkSettings: {
          imageMediaId: input.imageMediaId,
          processedImageMediaId: input.processedImageMediaId ?? null,
          // Links of the old product are superseded by the stored images.
          imageUrl: null,
          processedImageUrl: null,
          position: input.position,
          size: input.size,
          opacity: input.opacity,
          rotation: input.rotation,
          flipHorizontal: input.flipHorizontal,
          flipVertical: input.flipVertical,
          backgroundRemovalThreshold: input.backgroundRemovalThreshold,
        },
      },
    );
    const [updated] = await tx
      .update(userBrands)
      .set({ brandSettings: settings, updatedAt: ctx.now() })
      .where(and(eq(userBrands.id, current.id), eq(userBrands.userId, ctx.userId)))
      .returning();
    if (!updated) throw new Error("brand update returned no row");
    return { row: updated, orphanKeys: await deleteWatermarkRows(tx, ctx, keep) };
  });
  await deleteFiles(ctx, orphanKeys);
  await publishBrandChanged(ctx, row.id);
  return toWatermarkView(ctx, row);
}

export const saveWatermarkUseCase = declareUseCase({
  name: "saveWatermark",
  description: "Save the watermark's image and placement; saving turns the watermark on.",
  scope: "brand",
  input: saveWatermarkInput,
  output: watermarkView,
  run: saveWatermark,
});
