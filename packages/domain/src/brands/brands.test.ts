import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userBrands, userProfiles } from "../db/schema";
import { AppError } from "../errors";
import { createBrand } from "./create-brand";
import { deleteBrand } from "./delete-brand";
import { getActiveBrand } from "./get-active-brand";
import { getBrand } from "./get-brand";
import { listBrands } from "./list-brands";
import { resolveBrand } from "./resolve-brand";
import { switchBrand } from "./switch-brand";
import { updateBrandField } from "./update-brand-field";
import { updateBrandSettings } from "./update-brand-settings";
import { updateCompanyProfile } from "./update-company-profile";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const brandRows = (userId: string) =>
  t.database.db.select().from(userBrands).where(eq(userBrands.userId, userId)).orderBy(userBrands.createdAt);

describe("a new user", () => {
  it("has no brand (the web shows the setup wizard) and no active brand", async () => {
    const ctx = t.as(await t.createUser());
    expect(await listBrands(ctx)).toEqual({ brands: [] });
    expect(await getActiveBrand(ctx)).toEqual({ brand: null });
    expect(await rejection(resolveBrand(ctx))).toEqual({
      code: "not_found",
      message: "User not authenticated or no active brand",
    });
  });
});

describe("createBrand", () => {
  it("creates an active brand with the spec's defaults and the given name", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const brand = await createBrand(ctx, { name: "  Bean There  " });
    expect(brand).toMatchObject({
      name: "Bean There",
      isActive: true,
      settings: {
        name: "Bean There",
        logo: null,
        primaryColor: "#3B82F6",
        secondaryColor: "#8B5CF6",
        accentColor: "#10B981",
        watermarkEnabled: true,
        defaultLanguage: "en",
        imageStyle: "professional",
        postPromptOverride: null,
        imagePromptOverride: null,
        watermarkSettings: { position: { x: 50, y: 50 }, size: 30, opacity: 0.7, rotation: 0 },
      },
      companyProfile: {
        description: "",
        industry: "",
        tone: "professional",
        targetAudience: "",
        keyMessages: [],
        doNotMention: [],
      },
    });
    expect(t.events.published).toContainEqual({
      userId,
      event: { type: "brand.changed", brandId: brand.id },
    });
  });

  it("refuses a blank name", async () => {
    const ctx = t.as(await t.createUser());
    expect(await rejection(createBrand(ctx, { name: "   " }))).toEqual({
      code: "invalid_input",
      message: "Brand name is required",
    });
  });

  it("makes the new brand the only active one, even when created concurrently", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    await Promise.all(["One", "Two", "Three", "Four"].map((name) => createBrand(ctx, { name })));
    const rows = await brandRows(userId);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.isActive)).toHaveLength(1);
  });
});

describe("switchBrand, listBrands, getBrand", () => {
  it("keeps exactly one brand active and lists brands oldest first", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const first = await createBrand(ctx, { name: "First" });
    const second = await createBrand(ctx, { name: "Second" });
    expect((await getActiveBrand(ctx)).brand?.id).toBe(second.id);
    const switched = await switchBrand(ctx, { brandId: first.id });
    expect(switched).toMatchObject({ id: first.id, isActive: true });
    const { brands } = await listBrands(ctx);
    expect(brands.map((b) => [b.name, b.isActive])).toEqual([
      ["First", true],
      ["Second", false],
    ]);
    expect(await getBrand(await resolveBrand(ctx))).toMatchObject({ id: first.id });
    expect(await getBrand(await resolveBrand(ctx, { brandId: second.id }))).toMatchObject({ id: second.id });
    // Switching to the already active brand changes nothing.
    await switchBrand(ctx, { brandId: first.id });
    expect((await brandRows(userId)).filter((row) => row.isActive).map((row) => row.id)).toEqual([first.id]);
  });

  it("reads the brand once per tool call: getBrand answers from the row resolveBrand read for it", async () => {
    const ctx = t.as(await t.createUser());
    const first = await createBrand(ctx, { name: "First" });
    const second = await createBrand(ctx, { name: "Second" });
    // A database that refuses every use: only the row read by resolveBrand can answer.
    const noDatabase = new Proxy({} as typeof ctx.db, {
      get() {
        throw new Error("getBrand read the database again");
      },
    });
    const active = await resolveBrand(ctx, {}, { forOneCall: true });
    expect(await getBrand({ ...active, db: noDatabase })).toMatchObject({ id: second.id, name: "Second" });
    const named = await resolveBrand(ctx, { brandId: first.id }, { forOneCall: true });
    expect(await getBrand({ ...named, db: noDatabase })).toMatchObject({ id: first.id, name: "First" });
    // A context moved onto another brand id never answers with the row it carries.
    expect(await getBrand({ ...active, brandId: first.id })).toMatchObject({ id: first.id, name: "First" });
    const stranger = t.as(await t.createUser());
    expect(await rejection(getBrand({ ...active, userId: stranger.userId }))).toMatchObject({
      code: "not_found",
    });
    // A context kept across calls carries no row, so it never answers with a brand from before a write.
    const kept = await resolveBrand(ctx);
    expect(kept.resolvedBrand).toBeUndefined();
    await updateBrandField(kept, { field: "industry", value: "Tea" });
    expect((await getBrand(kept)).companyProfile.industry).toBe("Tea");
  });

  it("stays consistent when switches race", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const brands = [];
    for (const name of ["A", "B", "C"]) brands.push(await createBrand(ctx, { name }));
    await Promise.all([...brands, ...brands].map((brand) => switchBrand(ctx, { brandId: brand.id })));
    expect((await brandRows(userId)).filter((row) => row.isActive)).toHaveLength(1);
  });
});

describe("deleteBrand", () => {
  it("refuses to delete the only brand", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const only = await createBrand(ctx, { name: "Only" });
    expect(await rejection(deleteBrand(ctx, { brandId: only.id }))).toEqual({
      code: "conflict",
      message: "You cannot delete your only brand",
    });
    expect(await brandRows(userId)).toHaveLength(1);
  });

  it("activates the first remaining brand by creation when the active one goes", async () => {
    const userId = await t.createUser();
    const ctx = t.as(userId);
    const a = await createBrand(ctx, { name: "A" });
    const b = await createBrand(ctx, { name: "B" });
    const c = await createBrand(ctx, { name: "C" });
    expect(await deleteBrand(ctx, { brandId: c.id })).toEqual({ activeBrandId: a.id });
    expect((await brandRows(userId)).map((row) => [row.name, row.isActive])).toEqual([
      ["A", true],
      ["B", false],
    ]);
    // Deleting an inactive brand leaves the active one alone.
    expect(await deleteBrand(ctx, { brandId: b.id })).toEqual({ activeBrandId: a.id });
    expect(t.events.published).toContainEqual({ userId, event: { type: "brand.changed", brandId: b.id } });
  });
});

describe("updates", () => {
  it("save brand settings partially, keeping the row name in step", async () => {
    const userId = await t.createUser();
    const ctx = await resolveBrand(t.as(userId), {
      brandId: (await createBrand(t.as(userId), { name: "A" })).id,
    });
    const updated = await updateBrandSettings(ctx, {
      name: "  Renamed ",
      primaryColor: "abc",
      defaultLanguage: "de",
      imageStyle: "cartoon",
      watermarkSettings: { opacity: 0.5 },
    });
    expect(updated.name).toBe("Renamed");
    expect(updated.settings).toMatchObject({
      name: "Renamed",
      primaryColor: "#abc",
      secondaryColor: "#8B5CF6",
      defaultLanguage: "de",
      imageStyle: "cartoon",
      watermarkSettings: { opacity: 0.5, size: 30 },
    });
    const [row] = await brandRows(userId);
    expect(row?.name).toBe("Renamed");
    expect(row?.brandSettings.primaryColor).toBe("#abc");
  });

  it("validate with the spec's messages and change nothing on a bad value", async () => {
    const userId = await t.createUser();
    const ctx = await resolveBrand(t.as(userId), {
      brandId: (await createBrand(t.as(userId), { name: "A" })).id,
    });
    expect(await rejection(updateBrandSettings(ctx, { accentColor: "green" }))).toEqual({
      code: "invalid_input",
      message: "Accent color must be a valid hex color",
    });
    expect(
      await rejection(updateBrandField(ctx, { field: "defaultLanguage", value: "xx" } as never)),
    ).toEqual({
      code: "invalid_input",
      message: "Invalid language code",
    });
    expect((await brandRows(userId))[0]?.brandSettings.accentColor).toBe("#10B981");
  });

  it("save the company profile with clean lists, and single fields through updateBrandField", async () => {
    const userId = await t.createUser();
    const ctx = await resolveBrand(t.as(userId), {
      brandId: (await createBrand(t.as(userId), { name: "A" })).id,
    });
    await updateCompanyProfile(ctx, {
      industry: " Coffee ",
      keyMessages: [" Fresh ", "", "fresh", "Local"],
      doNotMention: ["Rivals", "  "],
    });
    await updateBrandField(ctx, { field: "tone", value: "humorous" });
    const brand = await updateBrandField(ctx, { field: "secondaryColor", value: "#123456" });
    expect(brand.companyProfile).toEqual({
      description: "",
      industry: "Coffee",
      tone: "humorous",
      targetAudience: "",
      keyMessages: ["Fresh", "Local"],
      doNotMention: ["Rivals"],
    });
    expect(brand.settings.secondaryColor).toBe("#123456");
  });

  it("do not lose fields when two partial saves race", async () => {
    const userId = await t.createUser();
    const ctx = await resolveBrand(t.as(userId), {
      brandId: (await createBrand(t.as(userId), { name: "A" })).id,
    });
    await Promise.all([
      updateCompanyProfile(ctx, { industry: "Tea" }),
      updateCompanyProfile(ctx, { description: "We brew." }),
      updateBrandSettings(ctx, { primaryColor: "#000000" }),
      updateBrandSettings(ctx, { accentColor: "#ffffff" }),
    ]);
    const brand = await getBrand(ctx);
    expect(brand.companyProfile).toMatchObject({ industry: "Tea", description: "We brew." });
    expect(brand.settings).toMatchObject({ primaryColor: "#000000", accentColor: "#ffffff" });
  });
});

describe("another user's brand", () => {
  it("is not found on every brand call, and nothing changes", async () => {
    const owner = await t.createUser();
    const intruder = t.as(await t.createUser());
    const ownerBrand = await createBrand(t.as(owner), { name: "Mine" });
    await createBrand(t.as(owner), { name: "Also mine" });
    await createBrand(intruder, { name: "Theirs" });
    const before = await brandRows(owner);
    const notFound = { code: "not_found", message: "Brand not found" };

    expect(await rejection(switchBrand(intruder, { brandId: ownerBrand.id }))).toEqual(notFound);
    expect(await rejection(deleteBrand(intruder, { brandId: ownerBrand.id }))).toEqual(notFound);
    expect(await rejection(resolveBrand(intruder, { brandId: ownerBrand.id }))).toEqual(notFound);
    // Even a forged brand context cannot reach the row: every statement is scoped by user id too.
    const forged = { ...intruder, brandId: ownerBrand.id };
    expect(await rejection(updateBrandSettings(forged, { primaryColor: "#000" }))).toEqual(notFound);
    expect(await rejection(updateCompanyProfile(forged, { industry: "Hacked" }))).toEqual(notFound);
    expect(await rejection(updateBrandField(forged, { field: "name", value: "Hacked" }))).toEqual(notFound);
    expect(await rejection(getBrand(forged))).toEqual(notFound);
    expect(await rejection(switchBrand(intruder, { brandId: "not-a-uuid" }))).toEqual(notFound);

    expect(await brandRows(owner)).toEqual(before);
  });
});

describe("a legacy profile", () => {
  it("is migrated into a brand named from its settings, or 'My Brand'", async () => {
    const named = await t.createUser();
    await t.database.db.insert(userProfiles).values({
      userId: named,
      brandSettings: { name: "Legacy Co", primaryColor: "#111111", accentColor: "not a colour" },
      companyProfile: { industry: "Bakery", keyMessages: "not a list" as never, tone: "grumpy" as never },
    });
    const { brands } = await listBrands(t.as(named));
    expect(brands).toHaveLength(1);
    expect(brands[0]).toMatchObject({
      name: "Legacy Co",
      isActive: true,
      settings: { primaryColor: "#111111", accentColor: "#10B981" },
      companyProfile: { industry: "Bakery", tone: "professional", keyMessages: [] },
    });
    expect((await listBrands(t.as(named))).brands).toHaveLength(1);

    const unnamed = await t.createUser();
    await t.database.db
      .insert(userProfiles)
      .values({ userId: unnamed, brandSettings: { primaryColor: "#222" } });
    expect((await getActiveBrand(t.as(unnamed))).brand).toMatchObject({ name: "My Brand" });

    const blank = await t.createUser();
    await t.database.db.insert(userProfiles).values({ userId: blank });
    expect(await listBrands(t.as(blank))).toEqual({ brands: [] });
  });
});
