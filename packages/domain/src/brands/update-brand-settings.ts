import { and, eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { userBrands } from "../db/schema";
import { parseInput } from "../parse-input";
import { requireUserBrand, toBrand } from "./brand";
import { type Brand, defaultBrandSettings } from "./constants";
import { publishBrandChanged } from "./publish-brand-changed";
import { applyBrandSettingsPatch } from "./rules";
import { type UpdateBrandSettingsInput, updateBrandSettingsInput } from "./schemas";

export { type UpdateBrandSettingsInput, updateBrandSettingsInput };

/** Saves the fields present in the patch; the brand row's name follows the settings name. */
export async function updateBrandSettings(
  ctx: BrandContext,
  input: UpdateBrandSettingsInput,
): Promise<Brand> {
  const patch = parseInput(updateBrandSettingsInput, input);
  const row = await ctx.db.transaction(async (tx) => {
    // Read-modify-write of one JSON document: the row lock keeps two concurrent saves from losing a field.
    const current = await requireUserBrand(tx, ctx.userId, ctx.brandId, { forUpdate: true });
    const settings = applyBrandSettingsPatch(
      { ...defaultBrandSettings, ...current.brandSettings, name: current.name },
      patch,
    );
    const [updated] = await tx
      .update(userBrands)
      .set({ name: settings.name, brandSettings: settings, updatedAt: ctx.now() })
      .where(and(eq(userBrands.id, current.id), eq(userBrands.userId, ctx.userId)))
      .returning();
    if (!updated) throw new Error("brand update returned no row");
    return updated;
  });
  await publishBrandChanged(ctx, row.id);
  return toBrand(row);
}
