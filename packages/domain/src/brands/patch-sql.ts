import { type SQL, sql } from "drizzle-orm";
import { preparedQuery } from "../db/prepared-query";
import { userBrands } from "../db/schema";
import { ownBrandById } from "./brand";
import { defaultBrandSettings, defaultCompanyProfile, defaultWatermarkSettings } from "./constants";
import type { UpdateBrandSettingsInput, UpdateCompanyProfileInput } from "./schemas";

/**
 * The merge rules of rules.ts (applyBrandSettingsPatch, applyCompanyProfilePatch) as one UPDATE each.
 * PostgreSQL applies them to the row as it stands when the statement locks it, so two saves of different
 * fields never lose one, without a read-modify-write transaction held open across four round trips (the
 * hot path of the settings screens, the assistant and scripts). patch-sql.test.ts keeps the two forms equal.
 */

const jsonb = (name: string): SQL => sql`${sql.placeholder(name)}::jsonb`;
const constant = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/** JSON has no undefined: a key whose value is undefined is absent from the patch, as definedEntries says. */
const toJson = (value: object): string => JSON.stringify(value);

type WatermarkChange = "keep" | "remove" | "merge";

function brandSettingsSql(watermark: WatermarkChange): SQL {
  const stored = userBrands.brandSettings;
  const parts: SQL[] = [
    constant(defaultBrandSettings),
    sql`${stored}`,
    sql`jsonb_build_object('name', ${userBrands.name})`,
    jsonb("settings"),
  ];
  if (watermark === "remove") parts.push(constant({ watermarkSettings: null }));
  if (watermark === "merge") {
    // A stored watermark that is not an object (null after a removal) merges as none, like a spread of null.
    const current = sql`coalesce(case when jsonb_typeof(${stored}->'watermarkSettings') = 'object' then ${stored}->'watermarkSettings' end, '{}'::jsonb)`;
    parts.push(
      sql`jsonb_build_object('watermarkSettings', ${constant(defaultWatermarkSettings)} || ${current} || ${jsonb("watermark")})`,
    );
  }
  return sql.join(parts, sql` || `);
}

/** One statement per shape of patch (renaming or not, times the three watermark changes), built once. */
const brandSettingsUpdates = new Map(
  (["keep", "remove", "merge"] as const).flatMap((watermark) =>
    [true, false].map((renames) => [
      `${watermark}:${renames}`,
      preparedQuery(`update_brand_settings_${watermark}_${renames ? "rename" : "keep_name"}`, (db) =>
        db
          .update(userBrands)
          .set({
            // The brand row's name follows the settings name.
            name: renames ? sql`${sql.placeholder("name")}` : sql`${userBrands.name}`,
            brandSettings: brandSettingsSql(watermark),
            updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
          })
          .where(ownBrandById())
          .returning(),
      ),
    ]),
  ),
);

export function brandSettingsUpdate(patch: UpdateBrandSettingsInput) {
  const { watermarkSettings, ...rest } = patch;
  const watermark: WatermarkChange =
    watermarkSettings === undefined ? "keep" : watermarkSettings === null ? "remove" : "merge";
  const renames = typeof rest.name === "string";
  const query = brandSettingsUpdates.get(`${watermark}:${renames}`);
  if (!query) throw new Error(`no brand settings statement for ${watermark}:${renames}`);
  return {
    query,
    values: {
      settings: toJson(rest),
      ...(renames ? { name: rest.name } : {}),
      ...(watermark === "merge" ? { watermark: toJson(watermarkSettings ?? {}) } : {}),
    },
  };
}

export const companyProfileUpdate = preparedQuery("update_company_profile", (db) =>
  db
    .update(userBrands)
    .set({
      companyProfile: sql`${constant(defaultCompanyProfile)} || ${userBrands.companyProfile} || ${jsonb("patch")}`,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .where(ownBrandById())
    .returning(),
);

export const companyProfileValues = (patch: UpdateCompanyProfileInput) => ({ patch: toJson(patch) });
