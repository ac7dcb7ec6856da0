import { dataDeletionRequests, userBrands } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
  uniqueEmail,
  userIdOf,
} from "@smm/test-support/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSED, JSON_REQUIRED, MULTIPART_REQUIRED } from "./cross-site";

let ctx: TestContext;
let victim: { cookie: string; userId: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const { cookie } = await signUpVerifiedUser(ctx);
  victim = { cookie, userId: await userIdOf(ctx, cookie) };
});
afterAll(async () => {
  await ctx?.close();
});

const EVIL = "http://localhost:4444";

/** A raw request with exactly the headers given (no helper filling in our Origin or a JSON type). */
function rawRequest(
  path: string,
  init: { method?: string; headers: Record<string, string>; body?: BodyInit },
) {
  return ctx.app.request(`${TEST_ORIGIN}${path}`, { method: init.method ?? "POST", ...init });
}

const brandNames = async () =>
  (await ctx.database.db.select().from(userBrands).where(eq(userBrands.userId, victim.userId))).map(
    (brand) => brand.name,
  );

async function expectRefused(response: Response, message: string) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: { code: "forbidden", reason: "forbidden", message } });
}

describe("cookie-authenticated writes", () => {
  it("refuses the text/plain form attack: another origin, the cookie, a body that parses as JSON", async () => {
    // What <form enctype="text/plain"> with one field named '{"name":"Pwned","x":"' and value '"}' sends.
    const response = await rawRequest("/api/brands", {
      headers: {
        cookie: victim.cookie,
        origin: EVIL,
        "content-type": "text/plain",
        "sec-fetch-site": "same-site",
      },
      body: '{"name":"Pwned","x":"="}',
    });
    await expectRefused(response, CROSS_SITE_REFUSED);
    expect(await brandNames()).not.toContain("Pwned");
  });

  it("refuses JSON from a foreign origin, and a write with neither Origin nor Sec-Fetch-Site", async () => {
    const foreign = await jsonRequest(ctx, "/api/brands", {
      body: { name: "Foreign" },
      cookie: victim.cookie,
      headers: { origin: EVIL },
    });
    await expectRefused(foreign, CROSS_SITE_REFUSED);
    const sandboxed = await jsonRequest(ctx, "/api/brands", {
      body: { name: "Sandboxed" },
      cookie: victim.cookie,
      headers: { origin: "null" },
    });
    await expectRefused(sandboxed, CROSS_SITE_REFUSED);
    const bare = await rawRequest("/api/brands", {
      headers: { cookie: victim.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bare" }),
    });
    await expectRefused(bare, CROSS_SITE_REFUSED);
    expect(await brandNames()).toEqual([]);
  });

  it("refuses a same-origin write that is not JSON (text/plain, a form, none)", async () => {
    for (const [type, body] of [
      ["text/plain", '{"name":"Plain"}'],
      ["application/x-www-form-urlencoded", "name=Form"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMultipart\r\n--x--',
      ],
    ] as const) {
      const response = await rawRequest("/api/brands", {
        headers: { cookie: victim.cookie, origin: TEST_ORIGIN, "content-type": type },
        body,
      });
      await expectRefused(response, JSON_REQUIRED);
    }
    const untyped = await rawRequest("/api/brands", {
      headers: { cookie: victim.cookie, origin: TEST_ORIGIN },
      body: new Blob(['{"name":"Untyped"}']),
    });
    await expectRefused(untyped, JSON_REQUIRED);
    expect(await brandNames()).toEqual([]);
  });

  it("accepts our own pages' JSON: by Origin, or by Sec-Fetch-Site from a browser that sends no Origin", async () => {
    const byOrigin = await jsonRequest(ctx, "/api/brands", {
      body: { name: "Ours" },
      cookie: victim.cookie,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(byOrigin.status).toBe(201);
    const byFetchSite = await rawRequest("/api/brands", {
      headers: { cookie: victim.cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ name: "Ours too" }),
    });
    expect(byFetchSite.status).toBe(201);
    const { id } = (await byFetchSite.json()) as { id: string };
    // A DELETE names its target in the path and needs no body; its origin is still checked.
    const foreignDelete = await rawRequest(`/api/brands/${id}`, {
      method: "DELETE",
      headers: { cookie: victim.cookie, origin: EVIL },
    });
    await expectRefused(foreignDelete, CROSS_SITE_REFUSED);
    const ownDelete = await rawRequest(`/api/brands/${id}`, {
      method: "DELETE",
      headers: { cookie: victim.cookie, origin: TEST_ORIGIN },
    });
    expect(ownDelete.status).toBe(200);
    expect(await brandNames()).toEqual(["Ours"]);
  });

  it("wants multipart for an upload and refuses one from another origin", async () => {
    const form = () => {
      const data = new FormData();
      data.set("file", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
      return data;
    };
    const foreign = await rawRequest("/api/media", {
      headers: { cookie: victim.cookie, origin: EVIL },
      body: form(),
    });
    await expectRefused(foreign, CROSS_SITE_REFUSED);
    const asJson = await rawRequest("/api/media", {
      headers: { cookie: victim.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      body: "{}",
    });
    await expectRefused(asJson, MULTIPART_REQUIRED);
    // Our own page's upload reaches the route (which judges the file: three bytes are no image).
    const own = await rawRequest("/api/media", {
      headers: { cookie: victim.cookie, origin: TEST_ORIGIN },
      body: form(),
    });
    expect(own.status).toBe(400);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe("invalid_input");
  });

  it("guards the tool API, the chat and MCP the same way when the cookie is the credential", async () => {
    const tool = await rawRequest("/api/tools/createBrand", {
      headers: { cookie: victim.cookie, origin: EVIL, "content-type": "text/plain" },
      body: '{"name":"Tool Pwned"}',
    });
    await expectRefused(tool, CROSS_SITE_REFUSED);
    const chat = await rawRequest("/api/chat", {
      headers: { cookie: victim.cookie, origin: EVIL, "content-type": "text/plain" },
      body: JSON.stringify({ messages: [{ id: "m", role: "user", parts: [{ type: "text", text: "hi" }] }] }),
    });
    await expectRefused(chat, CROSS_SITE_REFUSED);
    const mcp = await rawRequest("/mcp", {
      headers: { cookie: victim.cookie, origin: EVIL, "content-type": "text/plain" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    await expectRefused(mcp, CROSS_SITE_REFUSED);
    expect(await brandNames()).not.toContain("Tool Pwned");
  });

  it("leaves API-key calls alone: a script sends no Origin, and no browser attaches the key", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    await setPlan(ctx, await userIdOf(ctx, cookie), "enterprise");
    const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "script" }, cookie });
    const { key } = (await created.json()) as { key: string };
    const byKey = await rawRequest("/api/tools/createBrand", {
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Scripted" }),
    });
    expect(byKey.status).toBe(200);
    // The same call with the cookie instead is a browser's, and must come from our pages.
    const byCookie = await rawRequest("/api/tools/createBrand", {
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Cookie" }),
    });
    await expectRefused(byCookie, CROSS_SITE_REFUSED);
  });

  it("leaves a write with no credential at all to the 401 of a signed-in path", async () => {
    for (const path of ["/api/brands", "/mcp"]) {
      const response = await rawRequest(path, {
        headers: { origin: EVIL, "content-type": "text/plain" },
        body: "{}",
      });
      expect(response.status, path).toBe(401);
    }
  });
});

describe("public writes", () => {
  it("refuses a data deletion request from another origin or as a form", async () => {
    const before = (await ctx.database.db.select().from(dataDeletionRequests)).length;
    const foreign = await rawRequest("/api/data-deletion-requests", {
      headers: { origin: EVIL, "content-type": "application/json" },
      body: JSON.stringify({ email: "victim@example.com" }),
    });
    await expectRefused(foreign, CROSS_SITE_REFUSED);
    const form = await rawRequest("/api/data-deletion-requests", {
      headers: { origin: TEST_ORIGIN, "content-type": "text/plain" },
      body: '{"email":"victim@example.com"}',
    });
    await expectRefused(form, JSON_REQUIRED);
    expect((await ctx.database.db.select().from(dataDeletionRequests)).length).toBe(before);
    const own = await jsonRequest(ctx, "/api/data-deletion-requests", { body: { email: "me@example.com" } });
    expect(own.status).toBe(201);
  });

  it("refuses sign-up, sign-in and sign-out from another origin or as text/plain", async () => {
    const email = uniqueEmail("csrf");
    const body = JSON.stringify({ email, password: "correct-horse-9", name: "x" });
    const foreign = await rawRequest("/api/auth/sign-up/email", {
      headers: { origin: EVIL, "content-type": "application/json" },
      body,
    });
    await expectRefused(foreign, CROSS_SITE_REFUSED);
    const plain = await rawRequest("/api/auth/sign-up/email", {
      headers: { origin: TEST_ORIGIN, "content-type": "text/plain" },
      body,
    });
    await expectRefused(plain, JSON_REQUIRED);
    expect(ctx.mailer.sent.some((mail) => mail.to === email)).toBe(false);

    const signIn = await rawRequest("/api/auth/sign-in/email", {
      headers: { origin: EVIL, "content-type": "text/plain" },
      body: JSON.stringify({ email, password: "correct-horse-9" }),
    });
    await expectRefused(signIn, CROSS_SITE_REFUSED);
    const signOut = await rawRequest("/api/auth/sign-out", {
      headers: { cookie: victim.cookie, origin: EVIL, "content-type": "text/plain" },
      body: "{}",
    });
    await expectRefused(signOut, CROSS_SITE_REFUSED);
    expect((await jsonRequest(ctx, "/api/me", { cookie: victim.cookie })).status).toBe(200);
  });
});
