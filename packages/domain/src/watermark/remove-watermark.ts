import { and, eq } from "drizzle-orm";
import { requireUserBrand } from "../brands/brand";
import { defaultBrandSettings } from "../brands/constants";
import { publishBrandChanged } from "../brands/publish-brand-changed";
import { applyBrandSettingsPatch } from "../brands/rules";
import type { BrandContext } from "../context";
import { userBrands } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { type WatermarkView, watermarkView } from "./schemas";
import { deleteFiles, deleteWatermarkRows, toWatermarkView } from "./watermark-media";

/**
 * Removes the brand's watermark: every watermark image (saved or not) is deleted, the placement goes back
 * to the defaults and generated images stop getting a mark.
 */
export async function removeWatermark(ctx: BrandContext): Promise<WatermarkView> {
  const { row, keys } = await ctx.db.transaction(async (tx) => {
    const current = await requireUserBrand(tx, ctx.userId, ctx.brandId, { forUpdate: true });
    const settings = applyBrandSettingsPatch(
      { ...defaultBrandSettings, ...current.brandSettings, name: current.name },
      { watermarkEnabled: false, watermarkSettings: null },
    );
    const [updated] = await tx
      .update(userBrands)
      .set({ brandSettings: settings, updatedAt: ctx.now() })
      .where(and(eq(userBrands.id, current.id), eq(userBrands.userId, ctx.userId)))
      .returning();
    if (!updated) throw new Error("brand update returned no row");
    return { row: updated, keys: await deleteWatermarkRows(tx, ctx, []) };
  });
  await deleteFiles(ctx, keys);
  await publishBrandChanged(ctx, row.id);
  return toWatermarkView(ctx, row);
}

export const removeWatermarkUseCase = declareUseCase({
  name: "removeWatermark",
  description: "Remove the brand's watermark and reset its settings.",
  scope: "brand",
  input: noInput,
  output: watermarkView,
  run: removeWatermark,
});
