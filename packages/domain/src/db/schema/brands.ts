import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { BrandSettings } from "../../brands/constants";
import type { CompanyProfile } from "../../brands/views";
import { user } from "./auth";
import { createdAt, primaryId, updatedAt } from "./columns";

// The vocabulary and defaults live in brands/constants.ts, which the web app can import without pulling in
// drizzle; re-exported here so schema users keep one import.
export {
  type BrandImageStyle,
  type BrandSettings,
  brandImageStyles,
  type ContentTone,
  contentTones,
  defaultBrandSettings,
  defaultCompanyProfile,
  defaultWatermarkSettings,
  type ImageStyle,
  imageStyles,
  interfaceLanguageCodes,
  type LanguageCode,
  languageCodes,
  type WatermarkSettings,
} from "../../brands/constants";
export type { CompanyProfile } from "../../brands/views";

/**
 * One row per user. Brand data moved to `user_brands`; the JSON columns stay so a legacy profile can be
 * migrated into a brand ("named from the settings name, or 'My Brand'").
 */
export const userProfiles = pgTable("user_profiles", {
  id: primaryId(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The Facebook user id of the connected login; cleared on disconnect. */
  facebookId: text("facebook_id"),
  brandSettings: jsonb("brand_settings").$type<Partial<BrandSettings>>(),
  companyProfile: jsonb("company_profile").$type<Partial<CompanyProfile>>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userBrands = pgTable(
  "user_brands",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    brandSettings: jsonb("brand_settings").$type<BrandSettings>().notNull(),
    companyProfile: jsonb("company_profile").$type<CompanyProfile>().notNull(),
    isActive: boolean("is_active").default(false).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Brands are listed by creation order (the switcher, and "activate the first remaining brand").
    index("user_brands_user_id_created_at_idx").on(t.userId, t.createdAt),
    // "Exactly one brand is active": the database refuses a second one, so a racing switch cannot leave two.
    uniqueIndex("user_brands_one_active_per_user_idx").on(t.userId).where(sql`${t.isActive}`),
  ],
);

export type UserProfile = typeof userProfiles.$inferSelect;
export type UserBrand = typeof userBrands.$inferSelect;
export type NewUserBrand = typeof userBrands.$inferInsert;
