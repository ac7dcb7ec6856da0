import { type NewPost, posts } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedInWithBrand() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  const response = await jsonRequest(ctx, "/api/brands", { body: { name: "Bean There" }, cookie });
  const brand = (await response.json()) as { id: string };
  return { cookie, userId, brandId: brand.id };
}

async function insertPosts(userId: string, brandId: string, rows: Partial<NewPost>[]) {
  await ctx.database.db
    .insert(posts)
    .values(rows.map((values) => ({ userId, brandId, content: "Fresh beans today", ...values })));
}

describe("GET /api/posts/stats", () => {
  it("needs a session", async () => {
    const response = await jsonRequest(ctx, "/api/posts/stats");
    expect(response.status).toBe(401);
  });

  it("counts the active brand's posts", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand();
    await insertPosts(userId, brandId, [
      { status: "pending", aiGenerated: true, generationStatus: "completed" },
      { status: "pending", aiGenerated: true, generationStatus: "generating" },
      { status: "approved", platform: "instagram" },
      { status: "denied" },
    ]);
    const other = await signedInWithBrand();
    await insertPosts(other.userId, other.brandId, [{ status: "approved" }]);

    const response = await jsonRequest(ctx, "/api/posts/stats", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      total: 4,
      approved: 1,
      facebook: 3,
      instagram: 1,
      aiGenerated: 2,
      pending: 1,
    });
  });
});
