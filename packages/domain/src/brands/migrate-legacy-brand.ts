import { and, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { UserContext } from "../context";
import { userBrands, userProfiles } from "../db/schema";
import { lockUserBrands, toBrand } from "./brand";
import { defaultBrandSettings, defaultCompanyProfile, LEGACY_BRAND_NAME } from "./constants";
import { publishBrandChanged } from "./publish-brand-changed";
import { applyBrandSettingsPatch, applyCompanyProfilePatch } from "./rules";
import { updateBrandSettingsInput, updateCompanyProfileInput } from "./schemas";
import type { Brand } from "./views";

/**
 * Core spec section 4 (Brand): a user whose profile still carries brand settings gets them as a brand row
 * named from the settings name, or 'My Brand'. Returns null when there is nothing to migrate.
 */
export async function migrateLegacyBrand(ctx: UserContext): Promise<Brand | null> {
  // Almost every caller is a new user without legacy settings: answer them without a transaction.
  const [candidate] = await ctx.db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(and(eq(userProfiles.userId, ctx.userId), isNotNull(userProfiles.brandSettings)));
  if (!candidate) return null;
  const brand = await ctx.db.transaction(async (tx) => {
    await lockUserBrands(tx, ctx.userId);
    const existing = await tx
      .select({ id: userBrands.id })
      .from(userBrands)
      .where(eq(userBrands.userId, ctx.userId))
      .limit(1);
    if (existing.length > 0) return null;
    const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, ctx.userId));
    if (!profile?.brandSettings) return null;

    const valid = validFields(updateBrandSettingsInput, profile.brandSettings);
    const name = valid.name ?? LEGACY_BRAND_NAME;
    const settings = applyBrandSettingsPatch(defaultBrandSettings, { ...valid, name });
    const companyProfile = applyCompanyProfilePatch(
      defaultCompanyProfile,
      validFields(updateCompanyProfileInput, profile.companyProfile ?? {}),
    );
    const [row] = await tx
      .insert(userBrands)
      .values({
        userId: ctx.userId,
        name,
        brandSettings: settings,
        companyProfile,
        isActive: true,
      })
      .returning();
    return row ? toBrand(row) : null;
  });
  if (brand) await publishBrandChanged(ctx, brand.id);
  return brand;
}

/** Legacy values were never validated on a server: keep each field that passes today's rule. */
function validFields<T extends object>(schema: z.ZodType<T>, legacy: object): Partial<T> {
  const valid: Partial<T> = {};
  for (const [field, value] of Object.entries(legacy)) {
    const parsed = schema.safeParse({ [field]: value });
    if (parsed.success) Object.assign(valid, parsed.data);
  }
  return valid;
}
