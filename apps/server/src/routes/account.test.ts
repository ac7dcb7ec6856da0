import { eraseAccount, finishAccountDeletions } from "@smm/domain/account";
import { account, dataDeletionRequests, stripeUserSubscriptions } from "@smm/domain/db/schema";
import type { Billing } from "@smm/domain/ports";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Every row of every table that mentions the value anywhere (the whole row as text). */
async function rowsMentioning(value: string): Promise<string[]> {
  const tables = await ctx.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await ctx.database.db.execute<{ n: number }>(
      sql`select cast(count(*) as integer) as n from ${sql.identifier(name)} as r where r::text ilike ${`%${value}%`}`,
    );
    if (row && row.n > 0) found.push(`${name}: ${row.n}`);
  }
  return found;
}

/** A user with a brand, a paid subscription bought through the local checkout, notifications and a request. */
async function busyUser() {
  const { cookie, email, password } = await signUpVerifiedUser(ctx);
  const userId = await userIdOf(ctx, cookie);
  expect((await jsonRequest(ctx, "/api/brands", { body: { name: "Roastery" }, cookie })).status).toBe(201);
  const start = await jsonRequest(ctx, "/api/billing/checkout", {
    cookie,
    body: { plan: "pro", interval: "month" },
  });
  const session = new URL(((await start.json()) as { url: string }).url).searchParams.get("session") ?? "";
  const pay = await ctx.app.request(`${TEST_ORIGIN}/billing/checkout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session }).toString(),
  });
  expect(pay.status).toBe(303);
  expect(
    (await jsonRequest(ctx, "/api/data-deletion-requests", { body: { email, reason: "leaving" } })).status,
  ).toBe(201);
  return { cookie, email, password, userId };
}

describe("POST /api/account/delete", () => {
  it("erases the account and every row of it, cancelling the subscription first; sign-in then fails", async () => {
    const { cookie, email, password, userId } = await busyUser();
    const [subscription] = await ctx.database.db
      .select()
      .from(stripeUserSubscriptions)
      .where(eq(stripeUserSubscriptions.userId, userId));
    // A first subscription starts with the free trial (paying statuses: active and trialing).
    expect(subscription?.subscriptionStatus).toBe("trialing");
    expect(await rowsMentioning(userId)).not.toEqual([]);

    const response = await jsonRequest(ctx, "/api/account/delete", { cookie, body: { password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "deleted" });

    expect(await rowsMentioning(userId)).toEqual([]);
    expect(await rowsMentioning(email)).toEqual([]);
    expect((await jsonRequest(ctx, "/api/plan", { cookie })).status).toBe(401);
    const signIn = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
    expect(signIn.status).toBe(401);
  });

  it("refuses without the password or with a wrong one, with its reason and nothing deleted, however fresh the session", async () => {
    const { cookie, email, password } = await signUpVerifiedUser(ctx);
    const userId = await userIdOf(ctx, cookie);
    const missing = await jsonRequest(ctx, "/api/account/delete", { cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { reason: "password_required", message: "Please enter your password to confirm." },
    });
    const wrong = await jsonRequest(ctx, "/api/account/delete", {
      cookie,
      body: { password: "not-the-password-1" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { reason: "password_wrong", message: "The password is not correct. Nothing was deleted." },
    });
    expect(await rowsMentioning(userId)).not.toEqual([]);
    expect((await jsonRequest(ctx, "/api/plan", { cookie })).status).toBe(200);

    const right = await jsonRequest(ctx, "/api/account/delete", { cookie, body: { password } });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ outcome: "deleted" });
    expect(await rowsMentioning(userId)).toEqual([]);
    // The screen's "You will receive a confirmation email shortly" holds: the notice is sent.
    expect(ctx.mailer.sent.at(-1)).toMatchObject({ to: email, subject: expect.stringMatching(/deleted/) });
    const requests = await ctx.database.db
      .select()
      .from(dataDeletionRequests)
      .where(eq(dataDeletionRequests.email, email));
    expect(requests).toEqual([]);
  });

  it("mails the deletion link to an account without a password (Facebook sign-in), deleting nothing until it is opened", async () => {
    const { cookie, email } = await signUpVerifiedUser(ctx);
    const userId = await userIdOf(ctx, cookie);
    await ctx.database.db
      .delete(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    const response = await jsonRequest(ctx, "/api/account/delete", {
      cookie,
      body: { password: "anything-1" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "link_sent" });
    expect((await jsonRequest(ctx, "/api/plan", { cookie })).status).toBe(200);
    const token = lastDeletionToken(email);
    const followed = await jsonRequest(ctx, "/api/data-deletion-requests/confirm", { body: { token } });
    expect(followed.status).toBe(200);
    expect(await rowsMentioning(userId)).toEqual([]);
  });
});

/** The token of the last deletion link mailed to the address. */
function lastDeletionToken(email: string): string {
  const mail = ctx.mailer.sent
    .filter((message) => message.to === email && message.subject.includes("deletion"))
    .at(-1);
  expect(mail?.link).toBeTruthy();
  const link = new URL(mail?.link ?? "");
  expect(link.pathname).toBe("/delete");
  return link.searchParams.get("token") ?? "";
}

describe("signed-out deletion by e-mail (/api/data-deletion-requests)", () => {
  it("mails a link and deletes nothing until it is followed; the link erases every row once, and no forged link works", async () => {
    const { email, password, userId } = await busyUser();
    const token = lastDeletionToken(email);
    expect(await rowsMentioning(userId)).not.toEqual([]);
    expect((await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } })).status).toBe(
      200,
    );

    const forged = await jsonRequest(ctx, "/api/data-deletion-requests/confirm", {
      body: { token: `${token.slice(0, -2)}xy` },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      error: { message: "This deletion link is invalid, expired or already used. Please ask for a new one." },
    });
    expect(await rowsMentioning(userId)).not.toEqual([]);

    const followed = await jsonRequest(ctx, "/api/data-deletion-requests/confirm", { body: { token } });
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({ deleted: true });
    expect(await rowsMentioning(userId)).toEqual([]);
    expect(await rowsMentioning(email)).toEqual([]);
    expect((await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } })).status).toBe(
      401,
    );

    const reused = await jsonRequest(ctx, "/api/data-deletion-requests/confirm", { body: { token } });
    expect(reused.status).toBe(400);
  });

  it("answers an address without an account exactly as one with an account, and mails nothing", async () => {
    const { email } = await signUpVerifiedUser(ctx);
    const known = await jsonRequest(ctx, "/api/data-deletion-requests", { body: { email } });
    const before = ctx.mailer.sent.length;
    const unknownEmail = `nobody-${crypto.randomUUID()}@example.com`;
    const unknown = await jsonRequest(ctx, "/api/data-deletion-requests", { body: { email: unknownEmail } });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys((await unknown.json()) as object)).toEqual(
      Object.keys((await known.json()) as object),
    );
    expect(ctx.mailer.sent.length).toBe(before);
    expect(ctx.mailer.sent.some((message) => message.to === unknownEmail)).toBe(false);
  });

  it("refuses a link past its hour and keeps the account", async () => {
    const { cookie, email } = await signUpVerifiedUser(ctx);
    const userId = await userIdOf(ctx, cookie);
    expect((await jsonRequest(ctx, "/api/data-deletion-requests", { body: { email } })).status).toBe(201);
    const token = lastDeletionToken(email);
    ctx.clock.set(new Date(Date.now() + 61 * 60_000));
    try {
      const expired = await jsonRequest(ctx, "/api/data-deletion-requests/confirm", { body: { token } });
      expect(expired.status).toBe(400);
    } finally {
      ctx.clock.set(null);
    }
    expect(await rowsMentioning(userId)).not.toEqual([]);
    // Used up by the refused visit too: an expired link never comes back to life.
    expect((await jsonRequest(ctx, "/api/data-deletion-requests/confirm", { body: { token } })).status).toBe(
      400,
    );
    expect((await jsonRequest(ctx, "/api/plan", { cookie })).status).toBe(200);
  });
});

describe("the deletion job (finishAccountDeletions)", () => {
  /** Billing whose cancel fails (the process dying mid-way) or records the subscription it cancelled. */
  function billingThat(cancel: (subscriptionId: string) => Promise<void>): Billing {
    return { kind: "local", appUrl: TEST_ORIGIN, cancelSubscriptionNow: cancel } as unknown as Billing;
  }

  it("finishes a deletion cut off half-way, and a second run changes nothing", async () => {
    const { cookie, email, password, userId } = await busyUser();
    const crashing = billingThat(async () => {
      throw new Error("process died");
    });
    await expect(eraseAccountAs(userId, crashing)).rejects.toThrow("process died");
    // Recorded before the first step, and the account is still there.
    const recorded = await ctx.database.db
      .select()
      .from(dataDeletionRequests)
      .where(eq(dataDeletionRequests.userId, userId));
    expect(recorded.map((row) => row.status)).toContain("processing");
    expect((await jsonRequest(ctx, "/api/plan", { cookie })).status).toBe(200);

    const cancelled: string[] = [];
    const working = billingThat(async (id) => {
      cancelled.push(id);
    });
    const first = await finishAccountDeletions({ ...ctx.deps, billing: working });
    expect(first.finished).toBeGreaterThanOrEqual(1);
    expect(cancelled).toHaveLength(1);
    expect(await rowsMentioning(userId)).toEqual([]);
    expect(await rowsMentioning(email)).toEqual([]);
    expect((await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } })).status).toBe(
      401,
    );

    const second = await finishAccountDeletions({ ...ctx.deps, billing: working });
    expect(second).toEqual({ finished: 0, failed: 0 });
    expect(cancelled).toHaveLength(1);
  });

  it("leaves signed-out requests whose link was not followed alone", async () => {
    const { cookie, email } = await signUpVerifiedUser(ctx);
    expect((await jsonRequest(ctx, "/api/data-deletion-requests", { body: { email } })).status).toBe(201);
    await finishAccountDeletions(ctx.deps);
    expect((await jsonRequest(ctx, "/api/plan", { cookie })).status).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(dataDeletionRequests)
      .where(eq(dataDeletionRequests.email, email));
    expect(row?.status).toBe("pending");
    expect(row?.userId).toBeTruthy();
  });
});

function eraseAccountAs(userId: string, billing: Billing) {
  return eraseAccount({ ...ctx.deps, userId, billing });
}
