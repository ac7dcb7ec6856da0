import {
  createTestContext,
  jsonRequest,
  setPlan,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps, AppEnv } from "../context";
import { ApiKeyLimiter } from "../lib/api-key-limiter";
import { SessionCache } from "../lib/session-cache";
import { sessionMiddleware } from "./session";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function enterpriseKey() {
  const { cookie } = await signUpVerifiedUser(ctx);
  await setPlan(ctx, await userIdOf(ctx, cookie), "enterprise");
  const created = await jsonRequest(ctx, "/api/auth/api-key/create", { body: { name: "script" }, cookie });
  expect(created.status).toBe(200);
  const { key, id } = (await created.json()) as { key: string; id: string };
  return { cookie, key, keyId: id };
}

const withKey = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

describe("the caller middleware with API keys", () => {
  it("answers 429 in the documented shape once a key has made its calls for the window", async () => {
    const { key } = await enterpriseKey();
    const probe = new Hono<AppEnv>()
      .use(
        sessionMiddleware(
          { auth: ctx.auth, database: ctx.database, trustProxy: true } as unknown as AppDeps,
          {
            sessions: new SessionCache(),
            keyLimiter: new ApiKeyLimiter({ windowMs: 60_000, max: 2 }),
          },
        ),
      )
      .get("/", (c) => c.json({ user: c.get("user")?.id ?? null }))
      .onError((error, c) => {
        const body = (error as { toBody?: () => unknown }).toBody?.();
        return c.json(body ?? { error: String(error) }, (error as { status?: 429 }).status ?? 500);
      });
    expect((await probe.request("/", withKey(key))).status).toBe(200);
    expect((await probe.request("/", withKey(key))).status).toBe(200);
    const limited = await probe.request("/", withKey(key));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: {
        code: "quota_exceeded",
        reason: "quota_exceeded",
        message: expect.stringMatching(/^Too many requests with this API key/),
      },
    });
  });

  it("stops a deleted key at once, though it was just used", async () => {
    const { cookie, key, keyId } = await enterpriseKey();
    expect((await ctx.app.request("/api/me", withKey(key))).status).toBe(200);
    const deleted = await jsonRequest(ctx, "/api/auth/api-key/delete", { body: { keyId }, cookie });
    expect(deleted.status).toBe(200);
    expect((await ctx.app.request("/api/me", withKey(key))).status).toBe(401);
  });

  it("refuses a wrong key every time", async () => {
    for (let i = 0; i < 3; i++)
      expect((await ctx.app.request("/api/me", withKey("smm_not-a-real-key"))).status).toBe(401);
  });
});
