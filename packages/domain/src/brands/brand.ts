import { and, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../context";
import { preparedQuery } from "../db/prepared-query";
import { user, userBrands } from "../db/schema";
import type { UserBrand } from "../db/schema/brands";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import {
  type BrandSettings,
  defaultBrandSettings,
  defaultCompanyProfile,
  defaultWatermarkSettings,
} from "./constants";
import type { Brand, BrandSettingsView, CompanyProfile } from "./views";

export const BRAND_NOT_FOUND = "Brand not found";
/** Core spec section 8: a brand-scoped call without a user or brand. */
export const NO_ACTIVE_BRAND = "User not authenticated or no active brand";
export const LAST_BRAND_DELETE = "You cannot delete your only brand";

export function toBrandSettingsView(settings: Partial<BrandSettings> | null | undefined): BrandSettingsView {
  const merged = { ...defaultBrandSettings, ...settings };
  return {
    ...merged,
    logo: merged.logo ?? null,
    postPromptOverride: merged.postPromptOverride ?? null,
    imagePromptOverride: merged.imagePromptOverride ?? null,
    watermarkSettings: { ...defaultWatermarkSettings, ...merged.watermarkSettings },
  };
}

export function toCompanyProfile(profile: Partial<CompanyProfile> | null | undefined): CompanyProfile {
  return { ...defaultCompanyProfile, ...profile };
}

export function toBrand(row: UserBrand): Brand {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    settings: toBrandSettingsView({ ...row.brandSettings, name: row.name }),
    companyProfile: toCompanyProfile(row.companyProfile),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's brand by id, as a prepared statement's condition (placeholders `brandId`, `userId`). */
export const ownBrandById = () =>
  and(eq(userBrands.id, sql.placeholder("brandId")), eq(userBrands.userId, sql.placeholder("userId")));

// Every brand-scoped request resolves its brand: built once (db/prepared-query.ts).
const selectUserBrand = preparedQuery("find_user_brand", (db) =>
  db.select().from(userBrands).where(ownBrandById()),
);
const selectUserBrandForUpdate = preparedQuery("find_user_brand_for_update", (db) =>
  db.select().from(userBrands).where(ownBrandById()).for("update"),
);
const selectActiveBrand = preparedQuery("find_active_brand", (db) =>
  db
    .select()
    .from(userBrands)
    .where(and(eq(userBrands.userId, sql.placeholder("userId")), eq(userBrands.isActive, true))),
);

/** The caller's brand with that id, or null (also for another user's brand and for malformed ids). */
export async function findUserBrand(
  db: DbExecutor,
  userId: string,
  brandId: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserBrand | null> {
  if (!isUuid(brandId)) return null;
  const query = options.forUpdate ? selectUserBrandForUpdate(db) : selectUserBrand(db);
  const [row] = await query.execute({ brandId, userId });
  return row ?? null;
}

export async function requireUserBrand(
  db: DbExecutor,
  userId: string,
  brandId: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserBrand> {
  const row = await findUserBrand(db, userId, brandId, options);
  if (!row) throw new AppError("not_found", BRAND_NOT_FOUND);
  return row;
}

export async function findActiveBrand(db: DbExecutor, userId: string): Promise<UserBrand | null> {
  const [row] = await selectActiveBrand(db).execute({ userId });
  return row ?? null;
}

/**
 * Serialises a user's brand changes (create, switch, delete) on the user row, so two racing requests
 * cannot both see "no other brand" or both insert an active brand.
 */
export async function lockUserBrands(tx: DbExecutor, userId: string): Promise<void> {
  await tx.execute(sql`select ${user.id} from ${user} where ${user.id} = ${userId} for update`);
}
