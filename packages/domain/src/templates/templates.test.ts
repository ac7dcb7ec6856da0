import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import { updateCompanyProfile } from "../brands/update-company-profile";
import type { BrandContext } from "../context";
import { media, templates, user } from "../db/schema";
import type { AppError } from "../errors";
import { readSignedMedia } from "../media/read-signed-media";
import { uploadImage } from "../media/upload-image";
import { applyTemplate } from "./apply-template";
import { copyCommunityTemplate } from "./copy-community-template";
import { createTemplate } from "./create-template";
import { deleteTemplate } from "./delete-template";
import { duplicateTemplate } from "./duplicate-template";
import { favouriteTemplate } from "./favourite-template";
import { getTemplate } from "./get-template";
import { listFavourites } from "./list-favourites";
import { listTemplates } from "./list-templates";
import { searchCommunityTemplates } from "./search-community-templates";
import { setTemplateVisibility } from "./set-template-visibility";
import { unfavouriteTemplate } from "./unfavourite-template";
import { updateTemplate } from "./update-template";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function owner(name = "Ada Lovelace"): Promise<BrandContext> {
  const userId = await t.createUser();
  await t.database.db.update(user).set({ name }).where(eq(user.id, userId));
  await createBrand(t.as(userId), { name: "Bean There" });
  return resolveBrand(t.as(userId));
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: AppError) => ({ code: error.code, message: error.message }),
  );
const notFound = { code: "not_found", message: "Template not found" };

/** A unique word per test keeps searches apart from other tests' public templates. */
const word = () => `w${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

describe("own templates", () => {
  it("creates with the spec's defaults: 'Untitled Template', general, active, private", async () => {
    const ctx = await owner();
    const created = await createTemplate(ctx, {});
    expect(created).toMatchObject({
      name: "Untitled Template",
      category: "general",
      isActive: true,
      isPublic: false,
      tags: [],
      creatorName: null,
      usageCount: 0,
      isOwn: true,
    });
  });

  it("trims tags and keeps them unique, and refuses a blank name with the form's message", async () => {
    const ctx = await owner();
    const created = await createTemplate(ctx, { name: "Launch", tags: [" launch ", "Launch", "", "promo"] });
    expect(created.tags).toEqual(["launch", "promo"]);
    expect(await rejection(createTemplate(ctx, { name: "   " }))).toMatchObject({
      code: "invalid_input",
      message: "Template name is required",
    });
  });

  it("lists the brand's own templates, filtered by words and category, newest change first", async () => {
    const ctx = await owner();
    const tag = word();
    const a = await createTemplate(ctx, { name: "Product launch", category: "marketing", tags: [tag] });
    const b = await createTemplate(ctx, { name: "Team photo", category: "post", tags: [tag] });
    const other = await owner();
    await createTemplate(other, { name: "Product launch", tags: [tag] });
    expect((await listTemplates(ctx)).templates.map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await listTemplates(ctx, { search: "produ" })).templates.map((x) => x.id)).toEqual([a.id]);
    expect((await listTemplates(ctx, { category: "post" })).templates.map((x) => x.id)).toEqual([b.id]);
  });

  it("only the owner reads a private template or edits, deletes or publishes any of theirs", async () => {
    const ctx = await owner();
    const mine = await createTemplate(ctx, { name: "Mine" });
    const stranger = await owner();
    expect(await rejection(getTemplate(stranger, { templateId: mine.id }))).toEqual(notFound);
    await setTemplateVisibility(ctx, { templateId: mine.id, isPublic: true });
    // Public: anyone signed in reads it, nobody else changes it.
    expect((await getTemplate(stranger, { templateId: mine.id })).isOwn).toBe(false);
    expect(await rejection(updateTemplate(stranger, { templateId: mine.id, name: "Hijacked" }))).toEqual(
      notFound,
    );
    expect(await rejection(deleteTemplate(stranger, { templateId: mine.id }))).toEqual(notFound);
    expect(
      await rejection(setTemplateVisibility(stranger, { templateId: mine.id, isPublic: false })),
    ).toEqual(notFound);
    expect(await rejection(duplicateTemplate(stranger, { templateId: mine.id }))).toEqual(notFound);
    expect(await rejection(getTemplate(stranger, { templateId: "not-a-uuid" }))).toEqual(notFound);
    expect((await getTemplate(ctx, { templateId: mine.id })).name).toBe("Mine");
  });

  it("updates only the given fields and deletes", async () => {
    const ctx = await owner();
    const created = await createTemplate(ctx, { name: "Old", description: "Keep me", promptTemplate: "Hi" });
    const updated = await updateTemplate(ctx, { templateId: created.id, name: "New", promptTemplate: null });
    expect(updated).toMatchObject({ name: "New", description: "Keep me", promptTemplate: null });
    expect(await deleteTemplate(ctx, { templateId: created.id })).toEqual({
      templateId: created.id,
      deleted: true,
    });
    expect(await rejection(getTemplate(ctx, { templateId: created.id }))).toEqual(notFound);
  });

  it("duplicates as an unsaved private '<name> (Copy)'", async () => {
    const ctx = await owner();
    const source = await createTemplate(ctx, { name: "Event", tags: ["event"], isPublic: true });
    const draft = await duplicateTemplate(ctx, { templateId: source.id });
    expect(draft).toMatchObject({ name: "Event (Copy)", tags: ["event"], isPublic: false });
    expect((await listTemplates(ctx)).templates).toHaveLength(1);
  });
});

describe("community", () => {
  it("publishes under the owner's display name, never the e-mail", async () => {
    const named = await owner("Grace Hopper");
    const published = await createTemplate(named, { name: "Named", isPublic: true });
    expect(published.creatorName).toBe("Grace Hopper");
    const addressed = await owner("grace@example.com");
    const template = await createTemplate(addressed, { name: "Addressed" });
    const shown = await setTemplateVisibility(addressed, { templateId: template.id, isPublic: true });
    expect(shown.creatorName).toBe("grace");
    const reader = await owner();
    const read = await getTemplate(reader, { templateId: template.id });
    expect(JSON.stringify(read)).not.toContain("@example.com");
    const hidden = await setTemplateVisibility(addressed, { templateId: template.id, isPublic: false });
    expect(hidden).toMatchObject({ isPublic: false, creatorName: null });
    expect(await rejection(getTemplate(reader, { templateId: template.id }))).toEqual(notFound);
  });

  it("finds public templates by words, name matches first, and sorts popular, newest and alphabetical", async () => {
    const ctx = await owner();
    const key = word();
    const inDescription = await createTemplate(ctx, {
      name: "Zebra notes",
      description: `All about ${key} season`,
      isPublic: true,
    });
    const inName = await createTemplate(ctx, { name: `apple ${key}`, isPublic: true });
    const inTags = await createTemplate(ctx, { name: "Mango", tags: [key], isPublic: true });
    await createTemplate(ctx, { name: `${key} private` });
    // More uses do not beat a better match while searching with the default sort.
    await t.database.db
      .update(templates)
      .set({ usageCount: 50, updatedAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(templates.id, inDescription.id));
    const reader = await owner();
    const ids = async (sort?: "popular" | "newest" | "alphabetical") =>
      (await searchCommunityTemplates(reader, { search: key, ...(sort ? { sort } : {}) })).templates.map(
        (x) => x.id,
      );
    expect(await ids()).toEqual([inName.id, inTags.id, inDescription.id]);
    expect(await ids("alphabetical")).toEqual([inName.id, inTags.id, inDescription.id]);
    expect(await ids("newest")).toEqual([inTags.id, inName.id, inDescription.id]);
    // A prefix of the word while typing finds them too; a category narrows.
    const prefix = await searchCommunityTemplates(reader, { search: key.slice(0, 6), category: "general" });
    expect(prefix.templates.map((x) => x.id)).toEqual(expect.arrayContaining([inName.id, inTags.id]));
    expect((await searchCommunityTemplates(reader, { search: key, category: "post" })).templates).toEqual([]);
  });

  it("sorts by usage without words and pages 50 at a time with a cursor", async () => {
    const ctx = await owner();
    const tag = word();
    for (let i = 0; i < 52; i++) {
      const created = await createTemplate(ctx, { name: `Bulk ${i}`, tags: [tag], isPublic: true });
      await t.database.db.update(templates).set({ usageCount: i }).where(eq(templates.id, created.id));
    }
    const reader = await owner();
    const first = await searchCommunityTemplates(reader, { search: tag });
    expect(first.templates).toHaveLength(50);
    expect(first.templates[0]?.usageCount).toBe(51);
    expect(first.nextCursor).not.toBeNull();
    const second = await searchCommunityTemplates(reader, { search: tag, cursor: first.nextCursor ?? "" });
    expect(second.templates.map((x) => x.usageCount)).toEqual([1, 0]);
    expect(second.nextCursor).toBeNull();
    const popular = await searchCommunityTemplates(reader, {});
    const counts = popular.templates.map((x) => x.usageCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("pages a word search across the name, tag and description groups without a gap or a repeat", async () => {
    const ctx = await owner();
    const key = word();
    const expected: string[][] = [[], [], []];
    // 20 name matches, 15 tag matches, 20 description matches; uses rise with i, so within each group the
    // most used comes first, and a busy description match never beats a name match.
    for (let i = 0; i < 55; i++) {
      const group = i < 20 ? 0 : i < 35 ? 1 : 2;
      const created = await createTemplate(ctx, {
        name: group === 0 ? `${key} ${i}` : `Other ${i}`,
        tags: group === 1 ? [key] : [],
        description: group === 2 ? `About ${key}` : null,
        isPublic: true,
      });
      await t.database.db
        .update(templates)
        .set({ usageCount: i * 10 })
        .where(eq(templates.id, created.id));
      expected[group]?.unshift(created.id);
    }
    const reader = await owner();
    const first = await searchCommunityTemplates(reader, { search: key });
    const second = await searchCommunityTemplates(reader, { search: key, cursor: first.nextCursor ?? "" });
    expect(second.nextCursor).toBeNull();
    expect([...first.templates, ...second.templates].map((x) => x.id)).toEqual(expected.flat());
    expect(first.templates).toHaveLength(50);
  });

  it("finds a rare word beyond the first 2000 templates in the page's order, and a common one within them", async () => {
    const ctx = await owner();
    const rare = word();
    const common = word();
    // 2100 busier public templates first in Most Popular order; half of them carry the common word.
    await t.database.db.insert(templates).values(
      Array.from({ length: 2100 }, (_, i) => ({
        userId: ctx.userId,
        brandId: ctx.brandId,
        name: i % 2 ? `Busy ${common} ${i}` : `Busy ${i}`,
        isPublic: true,
        usageCount: 100_000 + i,
        searchVector: sql`to_tsvector('simple', ${i % 2 ? `Busy ${common} ${i}` : `Busy ${i}`})`,
      })),
    );
    const quiet = [];
    for (const uses of [2, 1, 0]) {
      const created = await createTemplate(ctx, { name: `Quiet ${rare}`, isPublic: true });
      await t.database.db.update(templates).set({ usageCount: uses }).where(eq(templates.id, created.id));
      quiet.push(created.id);
    }
    const reader = await owner();
    const rareFound = await searchCommunityTemplates(reader, { search: rare });
    expect(rareFound.templates.map((x) => x.id)).toEqual(quiet);
    const newest = await searchCommunityTemplates(reader, { search: rare, sort: "newest" });
    expect(newest.templates.map((x) => x.id)).toEqual([...quiet].reverse());
    const commonFound = await searchCommunityTemplates(reader, { search: common });
    expect(commonFound.templates).toHaveLength(50);
    expect(commonFound.templates[0]?.usageCount).toBe(102_099);
    expect(commonFound.templates.every((x) => x.name.includes(common))).toBe(true);
  });

  it("favourites: heart, list, unheart; a private template of someone else cannot be hearted", async () => {
    const author = await owner();
    const shared = await createTemplate(author, { name: "Shared", isPublic: true });
    const secret = await createTemplate(author, { name: "Secret" });
    const fan = await owner();
    expect((await favouriteTemplate(fan, { templateId: shared.id })).isFavourite).toBe(true);
    await favouriteTemplate(fan, { templateId: shared.id });
    expect((await listFavourites(fan)).templates.map((x) => x.id)).toEqual([shared.id]);
    expect((await getTemplate(fan, { templateId: shared.id })).isFavourite).toBe(true);
    expect(await rejection(favouriteTemplate(fan, { templateId: secret.id }))).toEqual(notFound);
    expect(await rejection(unfavouriteTemplate(fan, { templateId: secret.id }))).toEqual(notFound);
    // Made private after being hearted: it leaves the list, and can still be unhearted.
    await setTemplateVisibility(author, { templateId: shared.id, isPublic: false });
    expect((await listFavourites(fan)).templates).toEqual([]);
    expect(await unfavouriteTemplate(fan, { templateId: shared.id })).toEqual({
      templateId: shared.id,
      isFavourite: false,
    });
  });

  it("copies a community template as a private one the copier owns", async () => {
    const author = await owner();
    const shared = await createTemplate(author, { name: "Shared", tags: ["x"], isPublic: true });
    const copier = await owner();
    const copy = await copyCommunityTemplate(copier, { templateId: shared.id });
    expect(copy).toMatchObject({ name: "Shared", tags: ["x"], isPublic: false, isOwn: true, usageCount: 0 });
    expect((await updateTemplate(copier, { templateId: copy.id, name: "Mine now" })).name).toBe("Mine now");
    expect((await getTemplate(author, { templateId: shared.id })).name).toBe("Shared");
    const secret = await createTemplate(author, { name: "Secret" });
    expect(await rejection(copyCommunityTemplate(copier, { templateId: secret.id }))).toEqual(notFound);
  });
});

describe("applyTemplate", () => {
  it("replaces the brand's variables and counts one more use", async () => {
    const ctx = await owner();
    await updateCompanyProfile(ctx, {
      industry: "Specialty coffee",
      targetAudience: "Young professionals",
      keyMessages: ["Roasted fresh every morning"],
      tone: "friendly",
    });
    const template = await createTemplate(ctx, {
      name: "Launch",
      promptTemplate:
        "Announce {{brandName}}'s new blend for {targetAudience} in {industry}. Say: {keyMessage}. Tone {contentTone}, in {language}. {unknown}",
      imagePromptTemplate: "{main_action_or_scene} in {primaryColor} and {accentColor}",
      isPublic: true,
    });
    const applied = await applyTemplate(ctx, { templateId: template.id });
    expect(applied.prompt).toBe(
      "Announce Bean There's new blend for Young professionals in Specialty coffee. Say: Roasted fresh every morning. Tone friendly, in English. {unknown}",
    );
    expect(applied.imagePrompt).toBe("{main_action_or_scene} in #3B82F6 and #10B981");
    expect(applied.imageStyle).toBe("custom");
    expect(applied.template.usageCount).toBe(1);
    const other = await owner();
    await applyTemplate(other, { templateId: template.id });
    expect((await getTemplate(ctx, { templateId: template.id })).usageCount).toBe(2);
    const secret = await createTemplate(ctx, { name: "Secret" });
    expect(await rejection(applyTemplate(other, { templateId: secret.id }))).toEqual(notFound);
  });
});

describe("reference images", () => {
  const png = async (width = 24) =>
    new Uint8Array(
      await sharp({ create: { width, height: 16, channels: 3, background: "#3b82f6" } })
        .png()
        .toBuffer(),
    );
  const asReference = (ctx: BrandContext, bytes: Uint8Array, name: string) =>
    uploadImage(ctx, { bytes, name, purpose: "templateReference" });
  const invalid = (name: string) => ({
    code: "invalid_input",
    message: `Invalid file: ${name}. Please use images under 5MB.`,
  });

  it("are judged by content: a renamed text file and a file over 5242880 bytes are refused by name", async () => {
    const ctx = await owner();
    const text = new TextEncoder().encode("just some notes, not a picture");
    expect(await rejection(asReference(ctx, text, "photo.png"))).toEqual(invalid("photo.png"));
    // A real PNG header padded past the limit: the size decides, whatever the content.
    const big = new Uint8Array(5_242_881);
    big.set(await png());
    expect(await rejection(asReference(ctx, big, "huge.png"))).toEqual(invalid("huge.png"));
    // The generic upload keeps its own words for the same file.
    expect((await rejection(uploadImage(ctx, { bytes: text, name: "photo.png" })))?.message).toBe(
      "Please upload a valid image file (JPEG, PNG, GIF, WebP)",
    );
  });

  it("are stored through the storage port and shown with signed links on the template", async () => {
    const ctx = await owner();
    const first = await asReference(ctx, await png(), "first.png");
    const second = await asReference(ctx, await png(30), "second.png");
    const created = await createTemplate(ctx, {
      name: "With pictures",
      referenceImageIds: [first.id, second.id, first.id],
    });
    expect(created.referenceImages.map((i) => i.id)).toEqual([first.id, second.id]);
    const link = new URL(created.referenceImages[0]?.url ?? "", "http://x");
    expect(link.pathname).toBe(`/api/media/${first.id}/file`);
    const file = await readSignedMedia(t.deps, {
      mediaId: first.id,
      expires: Number(link.searchParams.get("expires")),
      signature: link.searchParams.get("signature") ?? "",
    });
    expect(file.mimeType).toBe("image/png");
    // A forged signature is no link at all.
    expect(
      await rejection(
        readSignedMedia(t.deps, {
          mediaId: first.id,
          expires: file.expiresAt.getTime() / 1000,
          signature: "x",
        }),
      ),
    ).toMatchObject({ code: "not_found" });

    const removed = await updateTemplate(ctx, { templateId: created.id, referenceImageIds: [second.id] });
    expect(removed.referenceImages.map((i) => i.id)).toEqual([second.id]);
    expect((await getTemplate(ctx, { templateId: created.id })).referenceImages).toHaveLength(1);
  });

  it("refuse another user's image, more than ten, and a stored image that is not a photo type", async () => {
    const ctx = await owner();
    const stranger = await owner();
    const theirs = await asReference(stranger, await png(), "theirs.png");
    expect(await rejection(createTemplate(ctx, { referenceImageIds: [theirs.id] }))).toMatchObject({
      code: "not_found",
    });
    const eleven = Array.from({ length: 11 }, () => crypto.randomUUID());
    expect(await rejection(createTemplate(ctx, { referenceImageIds: eleven }))).toMatchObject({
      code: "invalid_input",
      message: "At most 10 reference images",
    });
    // Stored files were judged when they were stored; one recorded as another type (or too large) is still
    // refused, as the form would refuse the file.
    const other = await uploadImage(ctx, { bytes: await png(), name: "vector.png" });
    await t.database.db.update(media).set({ mimeType: "image/svg+xml" }).where(eq(media.id, other.id));
    expect(await rejection(createTemplate(ctx, { referenceImageIds: [other.id] }))).toEqual(
      invalid("vector.png"),
    );
    const large = await uploadImage(ctx, { bytes: await png(), name: "large.png" });
    await t.database.db.update(media).set({ byteSize: 5_242_881 }).where(eq(media.id, large.id));
    expect(await rejection(createTemplate(ctx, { referenceImageIds: [large.id] }))).toEqual(
      invalid("large.png"),
    );
  });

  it("stay with a community template its copier keeps", async () => {
    const author = await owner();
    const image = await asReference(author, await png(), "shared.png");
    const shared = await createTemplate(author, {
      name: "Shared with a picture",
      referenceImageIds: [image.id],
      isPublic: true,
    });
    const copier = await owner();
    const copy = await copyCommunityTemplate(copier, { templateId: shared.id });
    expect(copy.referenceImages.map((i) => i.id)).toEqual([image.id]);
    const kept = await updateTemplate(copier, { templateId: copy.id, referenceImageIds: [image.id] });
    expect(kept.referenceImages.map((i) => i.id)).toEqual([image.id]);
    // Duplicating the copy saves a new template with the same images; a stranger cannot name them.
    const draft = await duplicateTemplate(copier, { templateId: copy.id });
    const duplicate = await createTemplate(copier, {
      name: draft.name,
      referenceImageIds: draft.referenceImages.map((i) => i.id),
    });
    expect(duplicate.referenceImages.map((i) => i.id)).toEqual([image.id]);
    const stranger = await owner();
    expect(await rejection(createTemplate(stranger, { referenceImageIds: [image.id] }))).toMatchObject({
      code: "not_found",
    });
  });
});
