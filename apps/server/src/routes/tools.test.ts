import { posts, userBrands } from "@smm/domain/db/schema";
import { CUSTOM_PROMPT_REQUIRED } from "@smm/domain/generation";
import { API_ACCESS_REQUIRES_ENTERPRISE } from "@smm/domain/plans";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS } from "../lib/session-cache";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A signed-up user on Enterprise with a brand and an API key, as a script author would set up. */
async function scriptUser(brandName = "Scripted Brand") {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  await setPlan(ctx, userId, "enterprise");
  const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "script" }, cookie });
  expect(created.status, await created.clone().text()).toBe(200);
  const { key } = (await created.json()) as { key: string };
  const brand = await callTool(key, "createBrand", { name: brandName });
  expect(brand.status).toBe(200);
  const { result } = (await brand.json()) as { result: { id: string } };
  return { cookie, userId, key, brandId: result.id };
}

function callTool(key: string | null, name: string, body: unknown, headers: Record<string, string> = {}) {
  return ctx.app.request(`/api/tools/${name}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe("GET /api/tools", () => {
  it("lists every tool with its description and input as JSON Schema", async () => {
    const { key } = await scriptUser();
    const response = await ctx.app.request("/api/tools", { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const { tools } = (await response.json()) as {
      tools: { name: string; description: string; inputSchema: Record<string, unknown> }[];
    };
    expect(tools.map((t) => t.name).sort()).toEqual([...toolNames].sort());
    for (const t of tools) expect(t.description.length, t.name).toBeGreaterThan(10);
    const approve = tools.find((t) => t.name === "approvePost");
    expect(approve?.inputSchema).toMatchObject({
      type: "object",
      properties: { postId: { type: "string" }, scheduledDate: {} },
      required: ["postId"],
    });
  });
});

describe("POST /api/tools/{name}", () => {
  it("runs the use case for the key's owner and answers {result}", async () => {
    const { key, brandId } = await scriptUser("Tool Coffee");
    const updated = await callTool(key, "updateBrandField", { field: "imageStyle", value: "cartoon" });
    expect(updated.status, await updated.clone().text()).toBe(200);
    expect(await updated.json()).toMatchObject({
      result: { id: brandId, settings: { imageStyle: "cartoon" } },
    });
    const [row] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId));
    expect(row?.brandSettings).toMatchObject({ imageStyle: "cartoon" });

    const generated = await callTool(key, "generatePost", { prompt: "our autumn blend" });
    expect(generated.status).toBe(200);
    const { result: post } = (await generated.json()) as { result: { id: string; status: string } };
    expect(post.status).toBe("pending");
    await ctx.jobs.settled();
    const read = await callTool(key, "getPost", { postId: post.id });
    expect(await read.json()).toMatchObject({ result: { id: post.id, generation: { status: "completed" } } });

    const denied = await callTool(key, "denyPost", { postId: post.id, feedback: "Too long" });
    expect(await denied.json()).toMatchObject({ result: { status: "denied", feedback: "Too long" } });
    const listed = await callTool(key, "listPosts", { status: "denied" });
    expect(await listed.json()).toMatchObject({ result: { total: 1, posts: [{ id: post.id }] } });
  });

  it("answers navigateTo (a client tool) with the checked path", async () => {
    const { key } = await scriptUser();
    const ok = await callTool(key, "navigateTo", { path: "/calendar" });
    expect(await ok.json()).toEqual({ result: { path: "/calendar" } });
    const bad = await callTool(key, "navigateTo", { path: "/admin" });
    expect(bad.status).toBe(400);
  });

  it("refuses bad input with the schema's issues and changes nothing", async () => {
    const { key, brandId } = await scriptUser();
    const [before] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId));
    const bad = await callTool(key, "updateBrandField", { field: "primaryColor", value: "blue" });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      error: { code: string; issues: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.issues.length).toBeGreaterThan(0);
    const [after] = await ctx.database.db.select().from(userBrands).where(eq(userBrands.id, brandId));
    expect(after?.brandSettings).toEqual(before?.brandSettings);

    const malformed = await ctx.app.request("/api/tools/denyPost", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect((await callTool(key, "noSuchTool", {})).status).toBe(404);
  });

  it("refuses a custom image style with no brief in the generator form's words, and makes no post", async () => {
    const { key, userId } = await scriptUser();
    for (const body of [{ imageStyle: "custom" }, { imageStyle: "custom", imagePromptOverride: "  " }]) {
      const refused = await callTool(key, "generatePost", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: {
          code: "invalid_input",
          reason: "invalid_input",
          message: CUSTOM_PROMPT_REQUIRED,
          issues: [{ path: "imagePromptOverride", message: CUSTOM_PROMPT_REQUIRED }],
        },
      });
    }
    expect(await ctx.database.db.select().from(posts).where(eq(posts.userId, userId))).toEqual([]);
    const briefed = await callTool(key, "generatePost", {
      imageStyle: "custom",
      imagePromptOverride: "a lighthouse",
    });
    expect(briefed.status, await briefed.clone().text()).toBe(200);
    await ctx.jobs.settled();
  });

  it("needs a key (401), an Enterprise plan (403), and never reaches another user's objects (404)", async () => {
    expect((await callTool(null, "listBrands", {})).status).toBe(401);

    const owner = await scriptUser("Owner's");
    const ownerPost = (await (await callTool(owner.key, "generatePost", {})).json()) as {
      result: { id: string };
    };
    await ctx.jobs.settled();
    const intruder = await scriptUser("Intruder's");
    for (const [name, body] of [
      ["getPost", { postId: ownerPost.result.id }],
      ["denyPost", { postId: ownerPost.result.id, feedback: "mine now" }],
      ["deletePost", { postId: ownerPost.result.id }],
      ["switchBrand", { brandId: owner.brandId }],
    ] as const) {
      const response = await callTool(intruder.key, name, body);
      expect(response.status, name).toBe(404);
    }
    const other = await callTool(intruder.key, "getBrand", {}, { "x-brand-id": owner.brandId });
    expect(other.status).toBe(404);
    const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, ownerPost.result.id));
    expect(row?.status).toBe("pending");

    // The plan ends: within the seconds a checked plan is remembered (a burst of calls reads it once) the key
    // still works; after them it stops with a clear message. A free user cannot make a key.
    const lapseAt = Date.now();
    ctx.clock.set(new Date(lapseAt));
    await setPlan(ctx, intruder.userId, null);
    expect((await callTool(intruder.key, "listBrands", {})).status).toBe(200);
    ctx.clock.set(new Date(lapseAt + SESSION_CACHE_TTL_MS));
    const lapsed = await callTool(intruder.key, "listBrands", {});
    expect(lapsed.status).toBe(403);
    expect(await lapsed.json()).toEqual({
      error: { code: "forbidden", reason: "plan_required", message: API_ACCESS_REQUIRES_ENTERPRISE },
    });
    const refused = await jsonRequest(ctx, "/api/auth/api-key/create", {
      body: { name: "free" },
      cookie: intruder.cookie,
    });
    expect(refused.status).toBe(403);
    // A refusal is not remembered: back on Enterprise, the very next call works.
    await setPlan(ctx, intruder.userId, "enterprise");
    expect((await callTool(intruder.key, "listBrands", {})).status).toBe(200);
    ctx.clock.set(null);
  });
});
