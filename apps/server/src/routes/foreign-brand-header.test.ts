import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * Issue 14, item 7: a script may name one of its own brands with X-Brand-Id (API.md); another user's brand,
 * or an id that names no brand, is 404 on every route that acts on a brand or on the caller's brands, never
 * the caller's own active brand in its place (GET /api/brands/active used to answer with it).
 */
let ctx: TestContext;
let cookie: string;
let ownBrandId: string;
let otherOwnBrandId: string;
let foreignBrandId: string;
let ownPostId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const victim = await signUpVerifiedUser(ctx);
  const foreign = await jsonRequest(ctx, "/api/brands", {
    body: { name: "Victim Brand" },
    cookie: victim.cookie,
  });
  foreignBrandId = ((await foreign.json()) as { id: string }).id;

  ({ cookie } = await signUpVerifiedUser(ctx));
  const first = await jsonRequest(ctx, "/api/brands", { body: { name: "Own First" }, cookie });
  ownBrandId = ((await first.json()) as { id: string }).id;
  const second = await jsonRequest(ctx, "/api/brands", { body: { name: "Own Second" }, cookie });
  otherOwnBrandId = ((await second.json()) as { id: string }).id;
  // The second brand is active now; the first is the one a script names.
  const post = await jsonRequest(ctx, "/api/posts/generate", {
    body: { prompt: "header" },
    cookie,
    headers: { "x-brand-id": ownBrandId },
  });
  ownPostId = ((await post.json()) as { id: string }).id;
  await ctx.jobs.settled();
});
afterAll(async () => {
  await ctx?.close();
});

/** Every route that reads a brand or the caller's brands, with a body it would otherwise accept. */
const routes = (): [string, string, unknown?][] => [
  ["GET", "/api/brands"],
  ["POST", "/api/brands", { name: "Never Made" }],
  ["GET", "/api/brands/active"],
  ["POST", "/api/brands/field", { field: "industry", value: "Tea" }],
  ["GET", `/api/brands/${ownBrandId}`],
  ["PATCH", `/api/brands/${ownBrandId}/settings`, { imageStyle: "cartoon" }],
  ["PATCH", `/api/brands/${ownBrandId}/company-profile`, { industry: "Tea" }],
  ["POST", `/api/brands/${ownBrandId}/activate`],
  ["GET", "/api/posts"],
  ["GET", "/api/posts/stats"],
  ["GET", "/api/posts/calendar?from=2026-01-01T00:00:00Z&to=2026-01-31T00:00:00Z"],
  ["GET", `/api/posts/${ownPostId}`],
  ["PATCH", `/api/posts/${ownPostId}`, { content: "Changed" }],
  ["POST", `/api/posts/${ownPostId}/deny`, { feedback: "No" }],
  ["POST", "/api/posts/generate", { prompt: "never" }],
  ["GET", "/api/chat"],
  ["DELETE", "/api/chat"],
  ["POST", "/api/chat", { messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "hi" }] }] }],
  ["GET", "/api/watermark"],
  ["DELETE", "/api/watermark"],
  ["POST", "/api/enhance-content", { fieldName: "industry", currentValue: "tea" }],
  ["POST", "/api/analytics", { range: "7d" }],
  ["POST", "/api/tools/getAnalytics", {}],
  ["POST", "/api/tools/getBrand", {}],
  ["POST", "/api/tools/listPosts", {}],
  ["POST", "/api/tools/updateBrandField", { field: "industry", value: "Tea" }],
  // Routes that act on the user, not a brand: a named brand must still be the caller's.
  ["GET", "/api/me"],
  ["GET", "/api/plan"],
  ["GET", "/api/notifications"],
  ["GET", "/api/image-styles"],
  ["POST", "/api/tools/listBrands", {}],
  ["POST", "/api/tools/getPlan", {}],
  ["POST", "/api/tools/createBrand", { name: "Never Made Either" }],
  [
    "POST",
    "/mcp",
    { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "listBrands", arguments: {} } },
  ],
];

async function brandsState() {
  const response = await jsonRequest(ctx, "/api/brands", { cookie });
  return JSON.stringify(await response.json());
}

describe("X-Brand-Id naming a brand that is not the caller's", () => {
  const unknownBrandId = "00000000-0000-4000-8000-000000000000";
  it.each([
    ["another user's brand", () => foreignBrandId],
    ["an unknown brand id", () => unknownBrandId],
    ["a malformed id", () => "not-a-brand"],
  ])("%s is 404 on every brand route, and nothing changes", async (_, header) => {
    const before = await brandsState();
    for (const [method, path, body] of routes()) {
      const response = await jsonRequest(ctx, path, {
        method,
        ...(body === undefined ? {} : { body }),
        cookie,
        headers: { "x-brand-id": header() },
      });
      const text = await response.text();
      expect(response.status, `${method} ${path} -> ${text}`).toBe(404);
      expect(JSON.parse(text), `${method} ${path}`).toMatchObject({ error: { code: "not_found" } });
    }
    expect(await brandsState()).toBe(before);
  });

  it("GET /api/brands/active answers with the named brand when it is the caller's", async () => {
    const active = await jsonRequest(ctx, "/api/brands/active", { cookie });
    expect(((await active.json()) as { brand: { id: string } }).brand.id).toBe(otherOwnBrandId);
    const named = await jsonRequest(ctx, "/api/brands/active", {
      cookie,
      headers: { "x-brand-id": ownBrandId },
    });
    expect(named.status).toBe(200);
    expect(((await named.json()) as { brand: { id: string } }).brand.id).toBe(ownBrandId);
  });

  it("a blank header names no brand", async () => {
    const response = await jsonRequest(ctx, "/api/brands/active", { cookie, headers: { "x-brand-id": " " } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { brand: { id: string } }).brand.id).toBe(otherOwnBrandId);
  });
});
