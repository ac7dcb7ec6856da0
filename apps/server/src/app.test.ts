import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  uniqueEmail,
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

describe("health and public routes", () => {
  it("reports the database kind and version", async () => {
    const response = await jsonRequest(ctx, "/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      db: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
      version: "test",
    });
  });

  it("tells the browser which optional integrations are configured", async () => {
    const response = await jsonRequest(ctx, "/api/public-config");
    expect(await response.json()).toEqual({
      facebookLogin: false,
      // The test app is built without the local mailbox (server.ts adds it on the embedded default).
      localMailbox: false,
      mail: "outbox",
      ai: "offline",
      images: "offline",
      social: "sandbox",
      storage: "local",
      maxVideoBytes: 250 * 1024 * 1024,
      version: "test",
    });
  });

  it("stores a data deletion request", async () => {
    const response = await jsonRequest(ctx, "/api/data-deletion-requests", {
      body: { email: "  Someone@Example.com ", reason: "closing my business" },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await ctx.database.db.query.dataDeletionRequests.findFirst({
      where: (r, { eq }) => eq(r.id, id),
    });
    expect(row?.email).toBe("someone@example.com");
  });

  it("rejects malformed JSON with a 400 and changes nothing", async () => {
    const before = await ctx.database.db.query.dataDeletionRequests.findMany();
    const response = await jsonRequest(ctx, "/api/data-deletion-requests", { body: '{"email": ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "invalid_input", reason: "invalid_input", message: "Malformed JSON body" },
    });
    expect(await ctx.database.db.query.dataDeletionRequests.findMany()).toHaveLength(before.length);
  });

  it("answers invalid input with the zod issues", async () => {
    const response = await jsonRequest(ctx, "/api/data-deletion-requests", {
      body: { email: "not-an-email" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_input",
        reason: "invalid_input",
        message: "Please enter a valid email address.",
        issues: [{ path: "email", message: "Please enter a valid email address." }],
      },
    });
  });
});

describe("the /api guard", () => {
  it("answers 401 in the documented shape without a session", async () => {
    for (const path of ["/api/me", "/api/does-not-exist"]) {
      const response = await jsonRequest(ctx, path);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "unauthenticated", reason: "unauthenticated", message: "No active session" },
      });
    }
  });

  it("answers an unknown /api path with a JSON 404 when signed in", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const response = await jsonRequest(ctx, "/api/does-not-exist", { cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", reason: "not_found", message: "Not found" },
    });
  });
});

describe("e-mail and password accounts", () => {
  it("requires the e-mail to be verified before sign-in", async () => {
    const email = uniqueEmail();
    const password = "correct-horse-9";
    const signUp = await jsonRequest(ctx, "/api/auth/sign-up/email", {
      body: { email, password, name: "someone", callbackURL: "/login?verified=1" },
    });
    expect(signUp.status).toBe(200);
    const mail = ctx.mailer.sent.findLast((message) => message.to === email);
    expect(mail?.link).toContain("/api/auth/verify-email?token=");

    const early = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");

    const link = new URL(mail!.link!);
    const verify = await ctx.app.request(`${link.pathname}${link.search}`);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/login?verified=1");

    const signIn = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
    expect(signIn.status).toBe(200);
  });

  it("handles many sign-ups at the same moment", async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail("burst"));
    const responses = await Promise.all(
      emails.map((email) =>
        jsonRequest(ctx, "/api/auth/sign-up/email", {
          body: { email, password: "correct-horse-9", name: "b" },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(emails.map(() => 200));
    const users = await ctx.database.db.query.user.findMany({
      where: (u, { like }) => like(u.email, "burst-%"),
    });
    expect(users).toHaveLength(8);
  });

  it("rejects a wrong password", async () => {
    const { email } = await signUpVerifiedUser(ctx);
    const response = await jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email, password: "wrong-password" },
    });
    expect(response.status).toBe(401);
  });

  it("puts the user on the request and forgets them after sign-out", async () => {
    const { email, cookie } = await signUpVerifiedUser(ctx);
    const me = await jsonRequest(ctx, "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email, emailVerified: true }, authMethod: "session" });

    const signOut = await jsonRequest(ctx, "/api/auth/sign-out", { body: {}, cookie });
    expect(signOut.status).toBe(200);
    const after = await jsonRequest(ctx, "/api/me", { cookie });
    expect(after.status).toBe(401);
  });

  it("changes the password", async () => {
    const { email, password, cookie } = await signUpVerifiedUser(ctx);
    const change = await jsonRequest(ctx, "/api/auth/change-password", {
      body: { currentPassword: password, newPassword: "a-brand-new-pass-7", revokeOtherSessions: false },
      cookie,
    });
    expect(change.status).toBe(200);
    const old = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
    expect(old.status).toBe(401);
    const fresh = await jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email, password: "a-brand-new-pass-7" },
    });
    expect(fresh.status).toBe(200);
  });

  it("ends another session at once when the password changes with revokeOtherSessions", async () => {
    const { email, password, cookie } = await signUpVerifiedUser(ctx);
    const second = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
    expect(second.status).toBe(200);
    const otherCookie = (second.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    // Both sessions are in use (and remembered by the session cache) before the change.
    expect((await jsonRequest(ctx, "/api/me", { cookie: otherCookie })).status).toBe(200);
    expect((await jsonRequest(ctx, "/api/me", { cookie })).status).toBe(200);

    const change = await jsonRequest(ctx, "/api/auth/change-password", {
      body: { currentPassword: password, newPassword: "a-brand-new-pass-8", revokeOtherSessions: true },
      cookie,
    });
    expect(change.status).toBe(200);
    expect((await jsonRequest(ctx, "/api/me", { cookie: otherCookie })).status).toBe(401);
  });

  it("refuses a wrong current password on change", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    const change = await jsonRequest(ctx, "/api/auth/change-password", {
      body: { currentPassword: "not-my-password", newPassword: "a-brand-new-pass-7" },
      cookie,
    });
    expect(change.status).toBe(400);
  });

  it("has no Facebook login until it is configured", async () => {
    const response = await jsonRequest(ctx, "/api/auth/sign-in/social", {
      body: { provider: "facebook", callbackURL: "/dashboard" },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
  });
});

describe("API keys for scripts", () => {
  it("authenticates a Bearer key and rejects a bad one", async () => {
    const { email, cookie } = await signUpVerifiedUser(ctx);
    await setPlan(ctx, await userIdOf(ctx, cookie), "enterprise");
    const created = await jsonRequest(ctx, "/api/auth/api-key/create", {
      body: { name: "my script" },
      cookie,
    });
    expect(created.status).toBe(200);
    const { key } = (await created.json()) as { key: string };
    expect(key.length).toBeGreaterThan(20);

    const me = await ctx.app.request("/api/me", { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email }, authMethod: "api_key" });

    const bad = await ctx.app.request("/api/me", { headers: { authorization: `Bearer ${key}x` } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({
      error: { code: "unauthenticated", reason: "unauthenticated", message: "No active session" },
    });
  });

  it("never stores the key in clear", async () => {
    const { cookie } = await signUpVerifiedUser(ctx);
    await setPlan(ctx, await userIdOf(ctx, cookie), "enterprise");
    const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "clear?" }, cookie });
    const { key } = (await created.json()) as { key: string };
    const rows = await ctx.database.db.query.apikey.findMany();
    expect(rows.some((row) => row.key === key)).toBe(false);
  });
});

describe("unexpected failures", () => {
  it("answers a generic 500 without internal detail", async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const response = await jsonRequest(broken, "/api/data-deletion-requests", { body: { email: "a@b.co" } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        code: "internal",
        reason: "internal",
        message: "Something went wrong. Please try again.",
        // The id its log line carries (middleware/request-context.ts), and nothing else.
        requestId: response.headers.get("x-request-id"),
      },
    });
  });
});
