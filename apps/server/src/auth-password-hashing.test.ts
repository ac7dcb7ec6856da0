import { account } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The other tests hash passwords cheaply (tests/support/password-hashing.ts); this file keeps the production
 * default honest: better-auth's scrypt stores salt:key at its full cost, signs in with the right password
 * only, and the account deletion's password check goes through the same hashing.
 */
describe("password hashing at production cost", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ productionPasswordHashing: true });
  });
  afterAll(() => ctx?.close());

  it("stores better-auth's scrypt hash, signs in with the right password only, and checks it on deletion", async () => {
    const user = await signUpVerifiedUser(ctx);
    const userId = await userIdOf(ctx, user.cookie);
    const [row] = await ctx.database.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, userId));
    // 16 bytes of salt and a 64-byte key, hex: the default's format, which the cheap test hashing is not.
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: row?.password ?? "", password: user.password })).toBe(true);

    const wrong = await jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email: user.email, password: "not-the-password-1" },
    });
    expect(wrong.status).toBe(401);

    const refused = await jsonRequest(ctx, "/api/account/delete", {
      cookie: user.cookie,
      body: { password: "not-the-password-1" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { reason: "password_wrong" } });
    const deleted = await jsonRequest(ctx, "/api/account/delete", {
      cookie: user.cookie,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(200);
  });
});
