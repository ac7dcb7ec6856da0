import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import type { BrandContext } from "../context";
import { type NewPost, posts } from "../db/schema";
import { getDashboardStats } from "./get-dashboard-stats";

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function brandContext(userId?: string): Promise<BrandContext> {
  const owner = userId ?? (await t.createUser());
  const brand = await createBrand(t.as(owner), { name: "Bean There" });
  return { ...t.as(owner), brandId: brand.id };
}

async function insertPosts(ctx: BrandContext, rows: Partial<NewPost>[]) {
  await t.database.db
    .insert(posts)
    .values(
      rows.map((values) => ({ userId: ctx.userId, brandId: ctx.brandId, content: "Fresh beans", ...values })),
    );
}

describe("getDashboardStats", () => {
  it("counts a brand with no posts as zeros", async () => {
    const ctx = await brandContext();
    expect(await getDashboardStats(ctx)).toEqual({
      total: 0,
      approved: 0,
      facebook: 0,
      instagram: 0,
      aiGenerated: 0,
      pending: 0,
    });
  });

  it("counts mixed posts by status, platform and source", async () => {
    const ctx = await brandContext();
    await insertPosts(ctx, [
      { status: "pending", platform: "facebook", aiGenerated: true, generationStatus: "completed" },
      { status: "pending", platform: "instagram" },
      { status: "approved", platform: "facebook", aiGenerated: true, generationStatus: "completed" },
      { status: "approved", platform: "instagram" },
      { status: "approved", platform: "facebook", postedAt: new Date() },
      { status: "denied", platform: "facebook", aiGenerated: true, generationStatus: "failed" },
    ]);
    expect(await getDashboardStats(ctx)).toEqual({
      total: 6,
      approved: 3,
      facebook: 4,
      instagram: 2,
      aiGenerated: 3,
      pending: 2,
    });
  });

  it("does not count another brand's posts, even the same user's", async () => {
    const ctx = await brandContext();
    const sibling = await brandContext(ctx.userId);
    const stranger = await brandContext();
    await insertPosts(ctx, [{ status: "pending" }]);
    await insertPosts(sibling, [{ status: "approved" }, { status: "pending", platform: "instagram" }]);
    await insertPosts(stranger, [{ status: "approved", aiGenerated: true }]);
    expect(await getDashboardStats(ctx)).toMatchObject({ total: 1, approved: 0, pending: 1, instagram: 0 });
    expect(await getDashboardStats(sibling)).toMatchObject({
      total: 2,
      approved: 1,
      pending: 1,
      instagram: 1,
    });
  });

  it("does not count posts that are still generating as pending", async () => {
    const ctx = await brandContext();
    await insertPosts(ctx, [
      { status: "pending", aiGenerated: true, generationStatus: "queued" },
      { status: "pending", aiGenerated: true, generationStatus: "generating" },
      { status: "pending", aiGenerated: true, generationStatus: "completed" },
    ]);
    expect(await getDashboardStats(ctx)).toMatchObject({ total: 3, aiGenerated: 3, pending: 1 });
  });
});
