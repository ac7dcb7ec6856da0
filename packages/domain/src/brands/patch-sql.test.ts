import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandContext } from "../context";
import { userBrands } from "../db/schema";
import {
  type BrandSettings,
  brandImageStyles,
  contentTones,
  defaultBrandSettings,
  defaultCompanyProfile,
} from "./constants";
import { createBrand } from "./create-brand";
import { resolveBrand } from "./resolve-brand";
import { applyBrandSettingsPatch, applyCompanyProfilePatch } from "./rules";
import {
  type UpdateBrandSettingsInput,
  type UpdateCompanyProfileInput,
  updateBrandSettingsInput,
  updateCompanyProfileInput,
} from "./schemas";
import { updateBrandSettings } from "./update-brand-settings";
import { updateCompanyProfile } from "./update-company-profile";
import type { CompanyProfile } from "./views";

// The saves merge in SQL (patch-sql.ts); rules.ts states the merge. Whatever the stored document holds
// (fields missing from old rows, a removed watermark, a partial one), both must give the same result.

let t: DomainTestContext;
let ctx: BrandContext;
beforeAll(async () => {
  t = await createDomainTestContext();
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Merge" });
  ctx = await resolveBrand(t.as(userId), { brandId: brand.id });
});
afterAll(async () => {
  await t?.close();
});

const color = fc.constantFrom("#112233", "#ABCDEF", "#000000");
const name = fc.constantFrom("Merge", "Bean There", "Café Ü");
const watermarkPatch = fc.record(
  {
    size: fc.integer({ min: 10, max: 100 }),
    opacity: fc.constantFrom(0.1, 0.5, 1),
    rotation: fc.integer({ min: 0, max: 360 }),
    flipHorizontal: fc.boolean(),
    position: fc.record({ x: fc.integer({ min: 0, max: 100 }), y: fc.integer({ min: 0, max: 100 }) }),
    imageUrl: fc.constantFrom(null, "https://example.com/mark.png"),
  },
  { requiredKeys: [], noNullPrototype: true },
);
const settingsPatch: fc.Arbitrary<UpdateBrandSettingsInput> = fc.record(
  {
    name,
    logo: fc.constantFrom(null, "https://example.com/logo.png"),
    primaryColor: color,
    accentColor: color,
    watermarkEnabled: fc.boolean(),
    imageStyle: fc.constantFrom(...brandImageStyles),
    postPromptOverride: fc.constantFrom(null, "Keep it short"),
    watermarkSettings: fc.option(watermarkPatch, { nil: null }),
  },
  { requiredKeys: [], noNullPrototype: true },
);
/** What old rows may hold: any subset of the fields, a null or partial watermark. */
const storedSettings = fc.record(
  {
    name,
    primaryColor: color,
    watermarkEnabled: fc.boolean(),
    imageStyle: fc.constantFrom(...brandImageStyles),
    watermarkSettings: fc.option(watermarkPatch, { nil: null }),
  },
  { requiredKeys: [], noNullPrototype: true },
);
const profilePatch: fc.Arbitrary<UpdateCompanyProfileInput> = fc.record(
  {
    description: fc.constantFrom("", "We brew."),
    industry: fc.constantFrom("Coffee", "Tea"),
    tone: fc.constantFrom(...contentTones),
    keyMessages: fc.constantFrom<string[]>([], ["Fresh", "Local"]),
    doNotMention: fc.constantFrom<string[]>([], ["Rivals"]),
  },
  { requiredKeys: [], noNullPrototype: true },
);
const storedProfile = fc.record(
  { industry: fc.constantFrom("Retail", "Bakery"), keyMessages: fc.constantFrom<string[]>([], ["Old"]) },
  { requiredKeys: [], noNullPrototype: true },
);

const readRow = async () => {
  const [row] = await t.database.db.select().from(userBrands).where(eq(userBrands.id, ctx.brandId));
  if (!row) throw new Error("brand row missing");
  return row;
};

describe("the SQL merge of a save", () => {
  it("gives what applyBrandSettingsPatch gives, and the row's name follows the settings name", async () => {
    await fc.assert(
      fc.asyncProperty(storedSettings, name, settingsPatch, async (stored, rowName, patch) => {
        await t.database.db
          .update(userBrands)
          .set({ name: rowName, brandSettings: stored as BrandSettings })
          .where(eq(userBrands.id, ctx.brandId));
        const expected = applyBrandSettingsPatch(
          { ...defaultBrandSettings, ...(stored as Partial<BrandSettings>), name: rowName },
          updateBrandSettingsInput.parse(patch),
        );
        await updateBrandSettings(ctx, patch);
        const row = await readRow();
        expect(row.brandSettings).toEqual(expected);
        expect(row.name).toBe(expected.name);
      }),
      { numRuns: 60 },
    );
  });

  it("gives what applyCompanyProfilePatch gives", async () => {
    await fc.assert(
      fc.asyncProperty(storedProfile, profilePatch, async (stored, patch) => {
        await t.database.db
          .update(userBrands)
          .set({ companyProfile: stored as CompanyProfile })
          .where(eq(userBrands.id, ctx.brandId));
        const expected = applyCompanyProfilePatch(
          { ...defaultCompanyProfile, ...stored },
          updateCompanyProfileInput.parse(patch),
        );
        await updateCompanyProfile(ctx, patch);
        expect((await readRow()).companyProfile).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
