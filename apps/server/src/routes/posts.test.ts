import { posts } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
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

async function insertPost(userId: string, brandId: string, content = "Fresh beans today") {
  const [row] = await ctx.database.db.insert(posts).values({ userId, brandId, content }).returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe("post routes", () => {
  it("need a session", async () => {
    const response = await jsonRequest(ctx, "/api/posts");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "unauthenticated", reason: "unauthenticated", message: "No active session" },
    });
  });

  it("list, approve for later, edit and cancel a post of the active brand", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand();
    const post = await insertPost(userId, brandId);

    const list = await jsonRequest(ctx, "/api/posts?status=pending&limit=5", { cookie });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ total: 1, nextCursor: null, posts: [{ id: post.id }] });

    const approved = await jsonRequest(ctx, `/api/posts/${post.id}/approve`, {
      body: { scheduledDate: inHours(4) },
      cookie,
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: "scheduled", publishedVia: "sandbox" });

    const edited = await jsonRequest(ctx, `/api/posts/${post.id}`, {
      method: "PATCH",
      body: { content: "Roasted this morning" },
      cookie,
    });
    expect(await edited.json()).toMatchObject({ post: { content: "Roasted this morning" }, warning: null });

    const cancelled = await jsonRequest(ctx, `/api/posts/${post.id}/cancel`, { method: "POST", cookie });
    expect(await cancelled.json()).toMatchObject({
      post: { status: "denied", feedback: "Post cancelled by user" },
    });
  });

  it("answer illegal transitions with 409 and bad input with the documented shape", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand();
    const post = await insertPost(userId, brandId);
    const deny = await jsonRequest(ctx, `/api/posts/${post.id}/deny`, { body: { feedback: "" }, cookie });
    expect(deny.status).toBe(400);
    expect(await deny.json()).toMatchObject({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: "Please tell us why you are denying this post",
      },
    });
    const past = await jsonRequest(ctx, `/api/posts/${post.id}/reschedule`, {
      body: { scheduledDate: inHours(-1) },
      cookie,
    });
    expect(past.status).toBe(400);
    expect((await past.json()).error.message).toBe("Posts cannot be scheduled in the past");
    const schedule = await jsonRequest(ctx, `/api/posts/${post.id}/schedule`, {
      body: { scheduledDate: inHours(2) },
      cookie,
    });
    expect(schedule.status).toBe(409);
    expect(await schedule.json()).toEqual({
      error: {
        code: "conflict",
        reason: "post_not_approved",
        message: "Only approved posts can be scheduled",
      },
    });
    const badQuery = await jsonRequest(ctx, "/api/posts?sort=sideways", { cookie });
    expect(badQuery.status).toBe(400);
  });

  it("give 404 for another user's post and change nothing", async () => {
    const owner = await signedInWithBrand();
    const post = await insertPost(owner.userId, owner.brandId);
    const stranger = await signedInWithBrand();
    for (const [method, path, body] of [
      ["GET", `/api/posts/${post.id}`, undefined],
      ["POST", `/api/posts/${post.id}/approve`, {}],
      ["POST", `/api/posts/${post.id}/deny`, { feedback: "no" }],
      ["PATCH", `/api/posts/${post.id}`, { content: "mine" }],
      ["POST", `/api/posts/${post.id}/publish`, {}],
      ["DELETE", `/api/posts/${post.id}`, undefined],
    ] as const) {
      const response = await jsonRequest(ctx, path, { method, body, cookie: stranger.cookie });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", reason: "not_found", message: "Post not found" },
      });
    }
    // X-Brand-Id naming the owner's brand does not help either.
    const viaHeader = await jsonRequest(ctx, `/api/posts/${post.id}`, {
      cookie: stranger.cookie,
      headers: { "x-brand-id": owner.brandId },
    });
    expect(viaHeader.status).toBe(404);
    const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ status: "pending", content: "Fresh beans today" });
  });
});
