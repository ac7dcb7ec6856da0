import { posts, sandboxPosts } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

/*
 * The sandbox network runs on the app's clock, not the machine's: with the clock pinned (as the clocked
 * browser specs pin the in-process server's), a post published to the sandbox is dated by it.
 */
const NOW = new Date("2031-03-10T10:00:00.000Z");
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
});
afterAll(async () => {
  await ctx?.close();
});

it("dates a post published to the sandbox by the app's clock", async () => {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Clocked Bakery" }, cookie });
  const { id: brandId } = (await brand.json()) as { id: string };
  const [post] = await ctx.database.db
    .insert(posts)
    .values({ userId, brandId, content: "Fresh beans today", platform: "facebook", status: "approved" })
    .returning({ id: posts.id });
  if (!post) throw new Error("no post");

  const published = await jsonRequest(ctx, `/api/posts/${post.id}/publish`, { body: {}, cookie });
  expect(published.status).toBe(200);
  const [sent] = await ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.postId, post.id));
  expect(sent?.publishedAt?.toISOString()).toBe(NOW.toISOString());
});
