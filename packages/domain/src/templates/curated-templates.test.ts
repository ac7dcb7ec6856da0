import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import { templates } from "../db/schema";
import type { AppError } from "../errors";
import { applyTemplate } from "./apply-template";
import { deleteTemplate } from "./delete-template";
import { searchCommunityTemplates } from "./search-community-templates";
import { updateTemplate } from "./update-template";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function owner() {
  const userId = await t.createUser();
  await createBrand(t.as(userId), { name: "Bean There" });
  return resolveBrand(t.as(userId));
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: AppError) => ({ code: error.code, message: error.message }),
  );
const notFound = { code: "not_found", message: "Template not found" };

describe("curated templates", () => {
  it("a fresh install has a dozen public templates by 'Social Media Manager' that nobody can edit", async () => {
    const ctx = await owner();
    const curated = await t.database.db
      .select()
      .from(templates)
      .where(eq(templates.creatorName, "Social Media Manager"));
    expect(curated.length).toBeGreaterThanOrEqual(12);
    const found = await searchCommunityTemplates(ctx, { search: "product launch" });
    const launch = found.templates.find((x) => x.name === "Product Launch Announcement");
    expect(launch).toMatchObject({ creatorName: "Social Media Manager", isOwn: false, isPublic: true });
    const id = launch?.id ?? "";
    expect(await rejection(updateTemplate(ctx, { templateId: id, name: "Mine" }))).toEqual(notFound);
    expect(await rejection(deleteTemplate(ctx, { templateId: id }))).toEqual(notFound);
    expect((await applyTemplate(ctx, { templateId: id })).prompt).toContain("Bean There");
  });
});
