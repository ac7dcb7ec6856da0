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
  const inserted = await ctx.database.db
    .insert(posts)
    .values(rows.map((values) => ({ userId, brandId, content: "Fresh beans today", ...values })))
    .returning({ id: posts.id });
  return inserted.map((row) => row.id);
}

const range = (from: string, to: string) =>
  `/api/posts/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const december = range("2026-11-29T00:00:00.000Z", "2027-01-10T00:00:00.000Z");

describe("GET /api/posts/calendar", () => {
  it("needs a session", async () => {
    const response = await jsonRequest(ctx, december);
    expect(response.status).toBe(401);
  });

  it("answers the month's scheduled and published posts", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand();
    const [published, scheduled] = await insertPosts(userId, brandId, [
      {
        status: "approved",
        scheduledDate: new Date("2026-12-01T12:00:00Z"),
        postedAt: new Date("2026-12-01T12:00:00Z"),
      },
      { status: "approved", scheduledDate: new Date("2026-12-24T12:00:00Z") },
      { status: "approved" },
      { status: "pending", scheduledDate: new Date("2026-12-02T12:00:00Z") },
    ]);
    const response = await jsonRequest(ctx, december, { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { posts: { id: string; state: string; scheduledDate: string }[] };
    expect(body.posts.map((post) => [post.id, post.state])).toEqual([
      [published, "published"],
      [scheduled, "scheduled"],
    ]);
    expect(body.posts[1]?.scheduledDate).toBe("2026-12-24T12:00:00.000Z");
  });

  it("refuses a bad range with the documented error shape", async () => {
    const { cookie } = await signedInWithBrand();
    const reversed = await jsonRequest(ctx, range("2027-01-10T00:00:00.000Z", "2026-11-29T00:00:00.000Z"), {
      cookie,
    });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: expect.any(String),
        issues: [{ path: "to", message: "To date must be after From date" }],
      },
    });

    const tooLong = await jsonRequest(ctx, range("2026-01-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"), {
      cookie,
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { issues: unknown } }).error.issues).toEqual([
      { path: "to", message: "The calendar range can be at most 45 days" },
    ]);

    const missing = await jsonRequest(ctx, "/api/posts/calendar", { cookie });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("invalid_input");
  });

  it("gives nothing of another user's brand", async () => {
    const me = await signedInWithBrand();
    const other = await signedInWithBrand();
    await insertPosts(other.userId, other.brandId, [
      { status: "approved", scheduledDate: new Date("2026-12-10T12:00:00Z") },
    ]);
    const mine = await jsonRequest(ctx, december, { cookie: me.cookie });
    expect(await mine.json()).toEqual({ posts: [] });

    const theirs = await jsonRequest(ctx, december, {
      cookie: me.cookie,
      headers: { "X-Brand-Id": other.brandId },
    });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(await theirs.json())).not.toContain(other.brandId);
  });
});
