import { findPasswordProblem, PASSWORD_PROBLEMS } from "@smm/domain/account";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { AccountSignInLock } from "./account-sign-in-lock";

/**
 * better-auth hooks for what its options cannot say: the password rule on every path that sets a password,
 * and the per-account sign-in limit. Errors are better-auth's own `{ code, message }`, which the web's auth
 * calls already show.
 */

/** The body field that carries a password the person chooses, per better-auth route. */
const NEW_PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

const SIGN_IN_PATH = "/sign-in/email";

export const ACCOUNT_LOCKED = {
  code: "TOO_MANY_FAILED_SIGN_INS",
  message:
    "Too many failed sign-in attempts for this account. Try again later, or reset your password to sign in now.",
} as const;

function readString(body: unknown, field: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

/** better-auth's answer to a wrong e-mail or password (the same for both, so accounts cannot be probed). */
function isWrongPassword(returned: unknown): boolean {
  return isAPIError(returned) && returned.body?.code === "INVALID_EMAIL_OR_PASSWORD";
}

export function createAuthGuards(lock: AccountSignInLock) {
  const before = createAuthMiddleware(async (ctx) => {
    const field = NEW_PASSWORD_FIELDS[ctx.path];
    if (field) {
      const password = readString(ctx.body, field);
      // A missing field is left to the route's own validation and its usual answer.
      const problem = password === undefined ? null : findPasswordProblem(password);
      if (problem) throw new APIError("BAD_REQUEST", { ...PASSWORD_PROBLEMS[problem] });
      return;
    }
    if (ctx.path === SIGN_IN_PATH) {
      const email = readString(ctx.body, "email");
      if (email === undefined) return;
      const attempt = await lock.beginAttempt(email);
      if (!attempt.allowed) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { ...ACCOUNT_LOCKED },
          { "Retry-After": String(attempt.retryAfterSeconds) },
        );
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SIGN_IN_PATH) return;
    const email = readString(ctx.body, "email");
    if (email === undefined) return;
    const returned = ctx.context.returned;
    if (isWrongPassword(returned)) return;
    // Signed in, or only the e-mail is unconfirmed (better-auth says so only after the password matched): the
    // owner has shown the password, so earlier failures no longer count against the account.
    if (!isAPIError(returned) || returned.body?.code === "EMAIL_NOT_VERIFIED") await lock.clear(email);
    else await lock.returnAttempt(email);
  });

  return { before, after };
}
