import { userBrands } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  recordEvents,
  setPlan,
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

interface BrandJson {
  id: string;
  name: string;
  isActive: boolean;
  settings: Record<string, unknown>;
  companyProfile: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

async function signedIn() {
  const { cookie } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  return { cookie, userId };
}

async function createBrand(cookie: string, name: string): Promise<BrandJson> {
  const response = await jsonRequest(ctx, "/api/brands", { body: { name }, cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as BrandJson;
}

const rowsOf = (userId: string) =>
  ctx.database.db
    .select()
    .from(userBrands)
    .where(eq(userBrands.userId, userId))
    .orderBy(userBrands.createdAt);

describe("brand routes", () => {
  it("all need a session", async () => {
    const calls: [string, string][] = [
      ["GET", "/api/brands"],
      ["POST", "/api/brands"],
      ["GET", "/api/brands/active"],
      ["POST", "/api/brands/field"],
      ["POST", "/api/brands/00000000-0000-0000-0000-000000000000/activate"],
      ["DELETE", "/api/brands/00000000-0000-0000-0000-000000000000"],
      ["PATCH", "/api/brands/00000000-0000-0000-0000-000000000000/settings"],
      ["PATCH", "/api/brands/00000000-0000-0000-0000-000000000000/company-profile"],
    ];
    for (const [method, path] of calls) {
      const response = await jsonRequest(ctx, path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "unauthenticated", reason: "unauthenticated", message: "No active session" },
      });
    }
  });

  it("start empty for a new user", async () => {
    const { cookie } = await signedIn();
    expect(await (await jsonRequest(ctx, "/api/brands", { cookie })).json()).toEqual({ brands: [] });
    expect(await (await jsonRequest(ctx, "/api/brands/active", { cookie })).json()).toEqual({ brand: null });
    const field = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "industry", value: "Tea" },
      cookie,
    });
    expect(field.status).toBe(404);
    expect(await field.json()).toEqual({
      error: {
        code: "not_found",
        reason: "no_active_brand",
        message: "User not authenticated or no active brand",
      },
    });
  });

  it("create a brand with the defaults, make it active and tell the user's pages", async () => {
    const { cookie, userId } = await signedIn();
    const events = await recordEvents(ctx.events, userId);
    const blank = await jsonRequest(ctx, "/api/brands", { body: { name: "  " }, cookie });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: "Brand name is required",
        issues: [{ path: "name", message: "Brand name is required" }],
      },
    });

    const brand = await createBrand(cookie, " Bean There ");
    expect(brand).toEqual({
      id: expect.any(String),
      name: "Bean There",
      isActive: true,
      settings: {
        name: "Bean There",
        logo: null,
        primaryColor: "#3B82F6",
        secondaryColor: "#8B5CF6",
        accentColor: "#10B981",
        watermarkEnabled: true,
        defaultLanguage: "en",
        imageStyle: "professional",
        postPromptOverride: null,
        imagePromptOverride: null,
        watermarkSettings: {
          position: { x: 50, y: 50 },
          size: 30,
          opacity: 0.7,
          rotation: 0,
          flipHorizontal: false,
          flipVertical: false,
        },
      },
      companyProfile: {
        description: "",
        industry: "",
        tone: "professional",
        targetAudience: "",
        keyMessages: [],
        doNotMention: [],
      },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.any(String),
    });
    await events.waitFor((e) => e.type === "brand.changed" && e.brandId === brand.id);
    await events.stop();
    expect(await (await jsonRequest(ctx, "/api/brands/active", { cookie })).json()).toEqual({ brand });
  });

  it("switch and delete brands, keeping exactly one active", async () => {
    const { cookie, userId } = await signedIn();
    const first = await createBrand(cookie, "First");
    const second = await createBrand(cookie, "Second");
    const third = await createBrand(cookie, "Third");

    const activated = await jsonRequest(ctx, `/api/brands/${first.id}/activate`, { method: "POST", cookie });
    expect(activated.status).toBe(200);
    expect(await activated.json()).toMatchObject({ id: first.id, isActive: true });
    const listed = (await (await jsonRequest(ctx, "/api/brands", { cookie })).json()) as {
      brands: BrandJson[];
    };
    expect(listed.brands.map((b) => [b.name, b.isActive])).toEqual([
      ["First", true],
      ["Second", false],
      ["Third", false],
    ]);

    const deleted = await jsonRequest(ctx, `/api/brands/${first.id}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ activeBrandId: second.id });
    expect(
      await (await jsonRequest(ctx, `/api/brands/${third.id}`, { method: "DELETE", cookie })).json(),
    ).toEqual({
      activeBrandId: second.id,
    });
    const last = await jsonRequest(ctx, `/api/brands/${second.id}`, { method: "DELETE", cookie });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({
      error: { code: "conflict", reason: "conflict", message: "You cannot delete your only brand" },
    });
    expect((await rowsOf(userId)).map((row) => [row.name, row.isActive])).toEqual([["Second", true]]);
  });

  it("save settings with the spec's messages", async () => {
    const { cookie } = await signedIn();
    const brand = await createBrand(cookie, "Acme");
    const patch = (body: unknown) =>
      jsonRequest(ctx, `/api/brands/${brand.id}/settings`, { method: "PATCH", body, cookie });

    const bad: [unknown, string][] = [
      [{ primaryColor: "#12345" }, "Primary color must be a valid hex color"],
      [{ secondaryColor: "purple" }, "Secondary color must be a valid hex color"],
      [{ accentColor: "#GGG" }, "Accent color must be a valid hex color"],
      [{ imageStyle: "anime" }, "Image style must be one of: professional, cartoon, realistic"],
      [{ defaultLanguage: "sv" }, "Invalid language code"],
      [{ name: "  " }, "Brand name is required"],
    ];
    for (const [body, message] of bad) {
      const response = await patch(body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: { code: string; message: string; issues: unknown[] } };
      expect(json.error).toMatchObject({ code: "invalid_input", message });
      expect(json.error.issues).toEqual([{ path: Object.keys(body as object)[0], message }]);
    }

    const saved = await patch({
      primaryColor: "fff",
      accentColor: "#123ABC",
      defaultLanguage: "ja",
      watermarkEnabled: false,
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as BrandJson).settings).toMatchObject({
      primaryColor: "#fff",
      secondaryColor: "#8B5CF6",
      accentColor: "#123ABC",
      defaultLanguage: "ja",
      watermarkEnabled: false,
    });
    const malformed = await jsonRequest(ctx, `/api/brands/${brand.id}/settings`, {
      method: "PATCH",
      body: "{",
      cookie,
    });
    expect(malformed.status).toBe(400);
  });

  it("save the company profile with trimmed, unique lists", async () => {
    const { cookie } = await signedIn();
    const brand = await createBrand(cookie, "Acme");
    const patch = (body: unknown) =>
      jsonRequest(ctx, `/api/brands/${brand.id}/company-profile`, { method: "PATCH", body, cookie });
    for (const [body, message] of [
      [{ tone: "sarcastic" }, "Tone must be one of: professional, casual, friendly, humorous, authoritative"],
      [{ keyMessages: "Fresh" }, "Key messages must be an array"],
      [{ doNotMention: "Rivals" }, "Do not mention list must be an array"],
    ] as const) {
      const response = await patch(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const saved = await patch({
      description: " We roast. ",
      tone: "friendly",
      keyMessages: [" Fresh ", "fresh", "", "Local"],
      doNotMention: ["Rivals", "  "],
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as BrandJson).companyProfile).toEqual({
      description: "We roast.",
      industry: "",
      tone: "friendly",
      targetAudience: "",
      keyMessages: ["Fresh", "Local"],
      doNotMention: ["Rivals"],
    });
  });

  it("update one field on the active brand, or on the brand named by X-Brand-Id", async () => {
    const { cookie } = await signedIn();
    const other = await createBrand(cookie, "Other");
    const active = await createBrand(cookie, "Active");
    const onActive = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "industry", value: "Tea" },
      cookie,
    });
    expect(onActive.status).toBe(200);
    expect(await onActive.json()).toMatchObject({ id: active.id, companyProfile: { industry: "Tea" } });

    const onOther = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "primaryColor", value: "#000000" },
      cookie,
      headers: { "x-brand-id": other.id },
    });
    expect(await onOther.json()).toMatchObject({ id: other.id, settings: { primaryColor: "#000000" } });

    const bad = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "imageStyle", value: "oil" },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { message: "Image style must be one of: professional, cartoon, realistic" },
    });
    const unknown = await jsonRequest(ctx, "/api/brands/field", {
      body: { field: "facebookPageToken", value: "x" },
      cookie,
    });
    expect(unknown.status).toBe(400);
  });

  it("accept a script's API key", async () => {
    const { cookie, userId } = await signedIn();
    await setPlan(ctx, userId, "enterprise");
    const { key } = (await (
      await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "script" }, cookie })
    ).json()) as { key: string };
    const created = await ctx.app.request("/api/brands", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "From a script" }),
    });
    expect(created.status).toBe(201);
    const listed = await ctx.app.request("/api/brands", { headers: { authorization: `Bearer ${key}` } });
    expect(await listed.json()).toMatchObject({ brands: [{ name: "From a script" }] });
  });
});

describe("another user's brand", () => {
  it("is 404 on every brand call and nothing changes", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const target = await createBrand(owner.cookie, "Owner's");
    await createBrand(owner.cookie, "Owner's second");
    await createBrand(intruder.cookie, "Intruder's");
    const before = await rowsOf(owner.userId);
    const intruderBefore = await rowsOf(intruder.userId);

    const attempts: [string, string, unknown?, Record<string, string>?][] = [
      ["GET", `/api/brands/${target.id}`],
      ["POST", `/api/brands/${target.id}/activate`],
      ["DELETE", `/api/brands/${target.id}`],
      ["PATCH", `/api/brands/${target.id}/settings`, { primaryColor: "#000000" }],
      ["PATCH", `/api/brands/${target.id}/company-profile`, { industry: "Hacked" }],
      ["POST", "/api/brands/field", { field: "name", value: "Hacked" }, { "x-brand-id": target.id }],
      [
        "POST",
        "/api/enhance-content",
        { fieldName: "industry", currentValue: "tea" },
        { "x-brand-id": target.id },
      ],
      ["POST", "/api/brands/field", { field: "name", value: "Hacked" }, { "x-brand-id": "not-a-uuid" }],
    ];
    for (const [method, path, body, headers] of attempts) {
      const response = await jsonRequest(ctx, path, { method, body, cookie: intruder.cookie, headers });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", reason: "not_found", message: "Brand not found" },
      });
    }
    expect(await rowsOf(owner.userId)).toEqual(before);
    expect(await rowsOf(intruder.userId)).toEqual(intruderBefore);
  });
});
