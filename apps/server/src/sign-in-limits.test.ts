import { rateLimit } from "@smm/domain/db/schema";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
} from "@smm/test-support/app";
import { testPasswordHashing } from "@smm/test-support/password-hashing";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "./auth";
import { ACCOUNT_SIGN_IN_LIMIT } from "./lib/account-sign-in-lock";
import { ACCOUNT_LOCKED } from "./lib/auth-guards";
import { createLogger } from "./lib/logger";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const MAX = ACCOUNT_SIGN_IN_LIMIT.maxFailures;

function signIn(email: string, password: string, ip: string) {
  return jsonRequest(ctx, "/api/auth/sign-in/email", {
    body: { email, password },
    headers: { "x-forwarded-for": ip },
  });
}

async function failTimes(email: string, ip: string, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signIn(email, `wrong-guess-${i}`, ip)).status);
  return statuses;
}

describe("sign-in limits per account and per address", () => {
  it("a flood on one account locks that account only: another user at the same address signs in", async () => {
    const alice = await signUpVerifiedUser(ctx);
    const bob = await signUpVerifiedUser(ctx);
    const attacker = "198.51.100.20";

    expect(await failTimes(alice.email, attacker, MAX)).toEqual(Array(MAX).fill(401));
    const locked = await signIn(alice.email, alice.password, attacker);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject(ACCOUNT_LOCKED);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);

    // The lock is the account's, not the address's: Bob behind the same address is not affected...
    expect((await signIn(bob.email, bob.password, attacker)).status).toBe(200);
    // ...and a guesser who moves to another address gets no more tries at Alice.
    expect((await signIn(alice.email, "another-guess", "203.0.113.99")).status).toBe(429);
    // The e-mail's case does not make it another account.
    expect((await signIn(alice.email.toUpperCase(), alice.password, attacker)).status).toBe(429);
  });

  it("the owner of a locked account can still ask for a reset, and the reset lifts the lock", async () => {
    const owner = await signUpVerifiedUser(ctx);
    const office = "198.51.100.30";
    await failTimes(owner.email, office, MAX);
    expect((await signIn(owner.email, owner.password, office)).status).toBe(429);

    const request = await jsonRequest(ctx, "/api/auth/request-password-reset", {
      body: { email: owner.email, redirectTo: "/reset-password" },
      headers: { "x-forwarded-for": office },
    });
    expect(request.status).toBe(200);
    const mail = ctx.mailer.sent.findLast((message) => message.to === owner.email);
    const link = new URL(mail!.link!);
    const opened = await ctx.app.request(`${TEST_ORIGIN}${link.pathname}${link.search}`);
    const token = new URL(opened.headers.get("location")!, TEST_ORIGIN).searchParams.get("token");
    const reset = await jsonRequest(ctx, "/api/auth/reset-password", {
      body: { token, newPassword: "lantern-orchard-58" },
      headers: { "x-forwarded-for": office },
    });
    expect(reset.status).toBe(200);

    expect((await signIn(owner.email, "lantern-orchard-58", office)).status).toBe(200);
  });

  it("a successful sign-in forgets the earlier failures", async () => {
    const user = await signUpVerifiedUser(ctx);
    const ip = "198.51.100.40";
    await failTimes(user.email, ip, MAX - 1);
    expect((await signIn(user.email, user.password, ip)).status).toBe(200);
    expect(await failTimes(user.email, ip, MAX)).toEqual(Array(MAX).fill(401));
    expect((await signIn(user.email, user.password, ip)).status).toBe(429);
  });

  it("counts parallel guesses exactly: no more than the allowance gets to the password check", async () => {
    const user = await signUpVerifiedUser(ctx);
    const statuses = await Promise.all(
      Array.from({ length: MAX + 15 }, (_, i) =>
        signIn(user.email, `parallel-guess-${i}`, `198.51.100.${100 + i}`),
      ),
    );
    const counts = statuses.reduce<Record<number, number>>((acc, response) => {
      acc[response.status] = (acc[response.status] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ 401: MAX, 429: 15 });
  });

  it("the lock holds for another server on the same database", async () => {
    const user = await signUpVerifiedUser(ctx);
    await failTimes(user.email, "198.51.100.50", MAX);
    const otherServer = createAuth({
      db: ctx.database.db,
      mailer: ctx.mailer,
      logger: createLogger("silent"),
      publicUrl: TEST_ORIGIN,
      secret: "test-secret-that-is-long-enough-for-better-auth-0123456789",
      rateLimitPerMinute: 1000,
      passwordHashing: testPasswordHashing,
    });
    const response = await otherServer.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: TEST_ORIGIN,
          "x-smm-client-ip": "198.51.100.51",
        },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    );
    expect(response.status).toBe(429);
  });

  it("the account's window ends: after it the owner signs in again", async () => {
    const user = await signUpVerifiedUser(ctx);
    const ip = "198.51.100.60";
    await failTimes(user.email, ip, MAX);
    expect((await signIn(user.email, user.password, ip)).status).toBe(429);
    // Move the account's window end into the past, as 15 minutes would.
    await ctx.database.db
      .update(rateLimit)
      .set({ lastRequest: Date.now() - 1000 })
      .where(like(rateLimit.key, "account-sign-in:%"));
    expect((await signIn(user.email, user.password, ip)).status).toBe(200);
  });

  it("keeps no e-mail address in the limit's rows", async () => {
    const user = await signUpVerifiedUser(ctx);
    await failTimes(user.email, "198.51.100.70", 1);
    const rows = await ctx.database.db.select().from(rateLimit);
    expect(rows.some((row) => row.key.includes(user.email))).toBe(false);
  });
});
