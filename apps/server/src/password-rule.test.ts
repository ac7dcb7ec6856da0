import { PASSWORD_PROBLEMS } from "@smm/domain/account";
import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  TEST_ORIGIN,
  type TestContext,
  uniqueEmail,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The weak ones from the outside probe, and a case variant of a listed one. */
const WEAK = [
  ["12345678", PASSWORD_PROBLEMS.tooCommon],
  ["password", PASSWORD_PROBLEMS.tooCommon],
  ["PassWord", PASSWORD_PROBLEMS.tooCommon],
  ["        ", PASSWORD_PROBLEMS.blank],
] as const;

async function errorOf(response: Response) {
  return (await response.json()) as { code: string; message: string };
}

/** Asks for a reset mail and returns the token from its link, as the reset page receives it. */
async function requestResetToken(email: string, ip: string): Promise<string> {
  const request = await jsonRequest(ctx, "/api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
    headers: { "x-forwarded-for": ip },
  });
  expect(request.status).toBe(200);
  const mail = ctx.mailer.sent.findLast((message) => message.to === email);
  expect(mail?.subject).toBe("Reset your Social Media Manager password");
  const link = new URL(mail!.link!);
  const opened = await ctx.app.request(`${TEST_ORIGIN}${link.pathname}${link.search}`);
  expect(opened.status).toBe(302);
  const landing = new URL(opened.headers.get("location")!, TEST_ORIGIN);
  expect(landing.pathname).toBe("/reset-password");
  return landing.searchParams.get("token")!;
}

describe("one password rule on every path that sets a password", () => {
  it.each(WEAK)("sign-up refuses %j with the rule's message", async (password, problem) => {
    const response = await jsonRequest(ctx, "/api/auth/sign-up/email", {
      body: { email: uniqueEmail("weak"), password, name: "weak" },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject(problem);
  });

  it("sign-up accepts a password that is long enough and not a common one", async () => {
    const response = await jsonRequest(ctx, "/api/auth/sign-up/email", {
      body: { email: uniqueEmail("good"), password: "quiet-harbour-lamp-31", name: "good" },
    });
    expect(response.status).toBe(200);
  });

  it("no account is made for a refused password", async () => {
    const email = uniqueEmail("nouser");
    await jsonRequest(ctx, "/api/auth/sign-up/email", { body: { email, password: "password", name: "x" } });
    const users = await ctx.database.db.query.user.findMany({ where: (u, { eq }) => eq(u.email, email) });
    expect(users).toEqual([]);
  });

  it.each(WEAK)("change-password refuses %j and keeps the old password", async (newPassword, problem) => {
    const { email, password, cookie } = await signUpVerifiedUser(ctx);
    const change = await jsonRequest(ctx, "/api/auth/change-password", {
      body: { currentPassword: password, newPassword, revokeOtherSessions: false },
      cookie,
    });
    expect(change.status).toBe(400);
    expect(await errorOf(change)).toMatchObject(problem);
    const signIn = await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } });
    expect(signIn.status).toBe(200);
  });

  it("change-password accepts a good password", async () => {
    const { password, cookie } = await signUpVerifiedUser(ctx);
    const change = await jsonRequest(ctx, "/api/auth/change-password", {
      body: { currentPassword: password, newPassword: "quiet-harbour-lamp-32", revokeOtherSessions: false },
      cookie,
    });
    expect(change.status).toBe(200);
  });

  it("reset-password refuses a weak password, then takes a good one with the same link", async () => {
    const { email, password } = await signUpVerifiedUser(ctx);
    const token = await requestResetToken(email, "192.0.2.10");

    for (const [weak, problem] of WEAK) {
      const refused = await jsonRequest(ctx, "/api/auth/reset-password", {
        body: { token, newPassword: weak },
      });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject(problem);
    }
    // Refusing the password did not use up the link.
    const reset = await jsonRequest(ctx, "/api/auth/reset-password", {
      body: { token, newPassword: "quiet-harbour-lamp-33" },
    });
    expect(reset.status).toBe(200);
    expect((await jsonRequest(ctx, "/api/auth/sign-in/email", { body: { email, password } })).status).toBe(
      401,
    );
    const signIn = await jsonRequest(ctx, "/api/auth/sign-in/email", {
      body: { email, password: "quiet-harbour-lamp-33" },
    });
    expect(signIn.status).toBe(200);
  });
});
