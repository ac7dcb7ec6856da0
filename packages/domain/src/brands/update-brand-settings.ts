import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { requireOwnMediaLink } from "../media/media";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { BRAND_NOT_FOUND, toBrand } from "./brand";
import { brandSettingsUpdate } from "./patch-sql";
import { publishBrandChanged } from "./publish-brand-changed";
import { type UpdateBrandSettingsInput, updateBrandSettingsInput } from "./schemas";
import type { Brand } from "./views";
import { brandView } from "./views";

export { type UpdateBrandSettingsInput, updateBrandSettingsInput };

/** Saves the fields present in the patch; the brand row's name follows the settings name. */
export async function updateBrandSettings(
  ctx: BrandContext,
  input: UpdateBrandSettingsInput,
): Promise<Brand> {
  const patch = parseInput(updateBrandSettingsInput, input);
  if (!isUuid(ctx.brandId)) throw new AppError("not_found", BRAND_NOT_FOUND);
  // Image links that point at our stored files must be the brand's own images (a link copied from another
  // user's post is not found); web addresses elsewhere are the user's to choose.
  const links = [patch.logo, patch.watermarkSettings?.imageUrl, patch.watermarkSettings?.processedImageUrl];
  for (const link of links) if (link) await requireOwnMediaLink(ctx, link);
  const { query, values } = brandSettingsUpdate(patch);
  // One statement merges the patch into the row as it is when locked: concurrent saves never lose a field.
  const [row] = await query(ctx.db).execute({
    ...values,
    brandId: ctx.brandId,
    userId: ctx.userId,
    now: ctx.now().toISOString(),
  });
  if (!row) throw new AppError("not_found", BRAND_NOT_FOUND);
  await publishBrandChanged(ctx, row.id);
  return toBrand(row);
}

export const updateBrandSettingsUseCase = declareUseCase({
  name: "updateBrandSettings",
  description: "Save several brand-settings fields at once, as the Brand Settings form does.",
  scope: "brand",
  input: updateBrandSettingsInput,
  output: brandView,
  run: updateBrandSettings,
});
