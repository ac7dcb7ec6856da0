import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { parseInput } from "../parse-input";
import { BRAND_NOT_FOUND, toBrand } from "./brand";
import type { Brand } from "./constants";
import { brandSettingsUpdate } from "./patch-sql";
import { publishBrandChanged } from "./publish-brand-changed";
import { type UpdateBrandSettingsInput, updateBrandSettingsInput } from "./schemas";

export { type UpdateBrandSettingsInput, updateBrandSettingsInput };

/** Saves the fields present in the patch; the brand row's name follows the settings name. */
export async function updateBrandSettings(
  ctx: BrandContext,
  input: UpdateBrandSettingsInput,
): Promise<Brand> {
  const patch = parseInput(updateBrandSettingsInput, input);
  if (!isUuid(ctx.brandId)) throw new AppError("not_found", BRAND_NOT_FOUND);
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
