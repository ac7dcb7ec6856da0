import { brandConversations, dataDeletionRequests, posts, userBrands } from "@smm/domain/db/schema";
import { UNSAFE_TEXT } from "@smm/domain/text";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * One input rule for all text (issue 14, item 3): a NUL character or a lone UTF-16 surrogate in any text a
 * caller sends is refused with 400 in the documented shape, by the shared schemas, before anything is
 * stored. PostgreSQL cannot store either (text refuses NUL, jsonb refuses both), so before this rule they
 * surfaced as 500s, or as a chat turn that answered 200 and was silently not kept.
 */
let ctx: TestContext;
let cookie: string;
let userId: string;
let brandId: string;
let postId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie } = await signUpVerifiedUser(ctx));
  userId = await userIdOf(ctx, cookie);
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Plain Brand" }, cookie });
  brandId = ((await brand.json()) as { id: string }).id;
  const post = await jsonRequest(ctx, "/api/posts/generate", { body: { prompt: "autumn" }, cookie });
  postId = ((await post.json()) as { id: string }).id;
  await ctx.jobs.settled();
});
afterAll(async () => {
  await ctx?.close();
});

const NUL = "a\u0000b";
const LONE_HIGH = "a\ud800b";
const LONE_LOW = "\udc00b";
const unsafeValues = [NUL, LONE_HIGH, LONE_LOW];

async function stored() {
  const { db } = ctx.database;
  return JSON.stringify([
    await db.select().from(userBrands).where(eq(userBrands.userId, userId)).orderBy(asc(userBrands.id)),
    await db.select().from(posts).where(eq(posts.userId, userId)).orderBy(asc(posts.id)),
    await db.select().from(brandConversations).where(eq(brandConversations.userId, userId)),
  ]);
}

/** The request is refused as invalid input naming the rule, and nothing the user owns changed. */
async function expectRefused(send: () => Response | Promise<Response>) {
  const before = await stored();
  const response = await send();
  const body = (await response.json()) as { error: { code: string; message: string; issues?: unknown[] } };
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe("invalid_input");
  expect(body.error.message).toBe(UNSAFE_TEXT);
  expect(body.error.issues).toContainEqual(expect.objectContaining({ message: UNSAFE_TEXT }));
  expect(await stored()).toBe(before);
}

describe("NUL and lone surrogates are refused with 400 everywhere text comes in", () => {
  it.each(unsafeValues.map((value) => [JSON.stringify(value), value]))(
    "a brand name %s",
    async (_, value) => {
      await expectRefused(() => jsonRequest(ctx, "/api/brands", { body: { name: value }, cookie }));
      await expectRefused(() =>
        jsonRequest(ctx, `/api/brands/${brandId}/settings`, {
          method: "PATCH",
          body: { name: value },
          cookie,
        }),
      );
    },
  );

  it.each(unsafeValues.map((value) => [JSON.stringify(value), value]))(
    "brand settings and prompt overrides %s",
    async (_, value) => {
      const patch = (body: unknown) =>
        jsonRequest(ctx, `/api/brands/${brandId}/settings`, { method: "PATCH", body, cookie });
      await expectRefused(() => patch({ postPromptOverride: value }));
      await expectRefused(() => patch({ imagePromptOverride: `ok ${value}` }));
      await expectRefused(() => patch({ watermarkSettings: { processedImageMediaId: value } }));
      await expectRefused(() =>
        jsonRequest(ctx, "/api/brands/field", { body: { field: "postPromptOverride", value }, cookie }),
      );
      await expectRefused(() =>
        jsonRequest(ctx, `/api/brands/${brandId}/company-profile`, {
          method: "PATCH",
          body: { keyMessages: ["fine", value] },
          cookie,
        }),
      );
      await expectRefused(() =>
        jsonRequest(ctx, "/api/posts/generate", { body: { promptOverride: value }, cookie }),
      );
    },
  );

  it("a list search in the query string", async () => {
    for (const search of ["a%00b", "%00"]) {
      await expectRefused(() => jsonRequest(ctx, `/api/posts?search=${search}`, { cookie }));
    }
    await expectRefused(() =>
      jsonRequest(ctx, `/api/posts?search=${encodeURIComponent("x")}&cursor=a%00`, { cookie }),
    );
    // A well-formed search still works.
    expect((await jsonRequest(ctx, "/api/posts?search=autumn", { cookie })).status).toBe(200);
  });

  it.each(unsafeValues.map((value) => [JSON.stringify(value), value]))(
    "searchSite and listPosts through the tool API %s",
    async (_, value) => {
      await expectRefused(() =>
        jsonRequest(ctx, "/api/tools/searchSite", { body: { query: value }, cookie }),
      );
      await expectRefused(() =>
        jsonRequest(ctx, "/api/tools/listPosts", { body: { search: value }, cookie }),
      );
    },
  );

  it.each(unsafeValues.map((value) => [JSON.stringify(value), value]))(
    "a chat turn is refused, not answered and silently dropped %s",
    async (_, value) => {
      await expectRefused(() =>
        jsonRequest(ctx, "/api/chat", {
          body: { messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: `hello ${value}` }] }] },
          cookie,
        }),
      );
    },
  );

  it.each(unsafeValues.map((value) => [JSON.stringify(value), value]))(
    "post edits and denials %s",
    async (_, value) => {
      await expectRefused(() =>
        jsonRequest(ctx, `/api/posts/${postId}`, { method: "PATCH", body: { content: value }, cookie }),
      );
      await expectRefused(() =>
        jsonRequest(ctx, `/api/posts/${postId}/deny`, { body: { feedback: value }, cookie }),
      );
    },
  );

  it("ids in the path and the X-Brand-Id header are not found, never a 500", async () => {
    const paths = [
      ["GET", "/api/posts/a%00b"],
      ["PATCH", "/api/posts/a%00b"],
      ["POST", "/api/posts/a%00b/approve"],
      ["GET", "/api/brands/a%00b"],
      ["PATCH", "/api/brands/a%00b/settings"],
      ["POST", "/api/brands/a%00b/activate"],
      ["DELETE", "/api/notifications/a%00b"],
      ["GET", "/api/media/a%00b"],
      ["GET", "/api/media/a%00b/file?expires=99999999999&signature=a%00b"],
      ["GET", "/api/posts/calendar?from=a%00b&to=2026-01-01T00:00:00Z"],
    ];
    for (const [method, path] of paths) {
      const response = await jsonRequest(ctx, path as string, {
        method: method as string,
        ...(method === "GET" || method === "DELETE" ? {} : { body: { content: "fine" } }),
        cookie,
      });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it("a data deletion request's reason (a public form)", async () => {
    const count = async () => (await ctx.database.db.select().from(dataDeletionRequests)).length;
    const before = await count();
    for (const value of unsafeValues) {
      const response = await jsonRequest(ctx, "/api/data-deletion-requests", {
        body: { email: "someone@example.com", reason: value },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(UNSAFE_TEXT);
    }
    expect(await count()).toBe(before);
  });

  it("ordinary text, emoji (paired surrogates) included, is kept as typed", async () => {
    const name = "Café 🍰 Ünïcode";
    const response = await jsonRequest(ctx, `/api/brands/${brandId}/settings`, {
      method: "PATCH",
      body: { name, postPromptOverride: "Write about 🌍 and 中文" },
      cookie,
    });
    expect(response.status).toBe(200);
    const brand = (await response.json()) as { name: string; settings: { postPromptOverride: string } };
    expect(brand.name).toBe(name);
    expect(brand.settings.postPromptOverride).toBe("Write about 🌍 and 中文");
  });
});
