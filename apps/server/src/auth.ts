import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { apiKey } from "@better-auth/api-key";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@smm/domain/account";
import type { Db } from "@smm/domain/db";
import * as schema from "@smm/domain/db/schema";
import type { Mailer } from "@smm/domain/ports";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { createFacebookSignIn, type FacebookSignInSettings } from "./adapters/facebook-sign-in";
import {
  ACCOUNT_SIGN_IN_LIMIT,
  type AccountSignInLimit,
  createAccountSignInLock,
} from "./lib/account-sign-in-lock";
import { API_KEY_RATE_LIMIT } from "./lib/api-key-limiter";
import { scopeAuthContextStorages } from "./lib/auth-context-scope";
import { createAuthGuards } from "./lib/auth-guards";
import type { Logger } from "./lib/logger";

// Before any better-auth call can run: a call begun on an unscoped storage would not be counted.
await scopeAuthContextStorages();

/** The header our own middleware fills with the caller's address; anything a client sends in it is dropped. */
export const CLIENT_IP_HEADER = "x-smm-client-ip";

export interface AuthConfig {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  secret: string;
  trustedOrigins?: string[];
  rateLimitPerMinute: number;
  signInLimits?: SignInLimits;
  /** 'Continue with Facebook': the Meta app and the Graph/dialog addresses the page connections use. */
  facebook?: FacebookSignInSettings | undefined;
  /**
   * How passwords are hashed and checked. Absent (production): better-auth's scrypt at its full cost, about
   * a tenth of a second of CPU per sign-up and per sign-in. The unit and API tests pass a cheap one, since
   * they sign thousands of users in and no test is about the work factor.
   */
  passwordHashing?: PasswordHashing | undefined;
}

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/**
 * Sign-in is limited per address and per account. The address limit is only a brake on one machine
 * hammering many accounts, so it is an office's worth; the account limit (failures only) is what stops
 * guessing, and it does not lock out the other people behind the same address.
 */
export interface SignInLimits {
  perAddressPerMinute?: number;
  perAccount?: AccountSignInLimit;
}

/** Attempts per client address per minute unless the config says more (tests and benchmarks do). */
const SIGN_IN_PER_ADDRESS_PER_MINUTE = 60;

export function createAuth(config: AuthConfig) {
  const lock = createAccountSignInLock(config.db, config.signInLimits?.perAccount ?? ACCOUNT_SIGN_IN_LIMIT);
  const guards = createAuthGuards(lock);
  const signInPerAddress =
    config.signInLimits?.perAddressPerMinute ??
    Math.max(SIGN_IN_PER_ADDRESS_PER_MINUTE, config.rateLimitPerMinute);
  return betterAuth({
    appName: "Social Media Manager",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.secret,
    trustedOrigins: [config.publicUrl, ...(config.trustedOrigins ?? [])],
    database: drizzleAdapter(config.db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // The full rule (not blank, not a common password) is checked by the guards' hook; see auth-guards.ts.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      ...(config.passwordHashing ? { password: config.passwordHashing } : {}),
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever held a session before the reset (possibly the person who guessed the password) loses it.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await config.mailer.send({
          to: user.email,
          subject: "Reset your Social Media Manager password",
          text: `Someone asked to reset the password of your Social Media Manager account.\n\nChoose a new password by opening this link:\n${url}\n\nThe link is valid for 1 hour. If you did not ask for this, ignore this message; your password stays as it is.`,
          html: `<p>Someone asked to reset the password of your Social Media Manager account.</p><p><a href="${url}">Choose a new password</a></p><p>The link is valid for 1 hour. If you did not ask for this, ignore this message; your password stays as it is.</p>`,
          link: url,
        });
      },
      // The owner proved the mailbox: a lock from someone guessing at the account no longer applies.
      onPasswordReset: async ({ user }) => {
        await lock.clear(user.email);
      },
    },
    hooks: { before: guards.before, after: guards.after },
    // The Meta user token of 'Continue with Facebook' is sealed at rest, like the page tokens.
    account: { encryptOAuthTokens: true },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await config.mailer.send({
          to: user.email,
          subject: "Confirm your e-mail for Social Media Manager",
          text: `Welcome to Social Media Manager!\n\nConfirm your e-mail address by opening this link:\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.`,
          html: `<p>Welcome to Social Media Manager!</p><p><a href="${url}">Confirm your e-mail address</a></p><p>The link is valid for 24 hours. If you did not sign up, ignore this message.</p>`,
          link: url,
        });
      },
    },
    plugins: [
      // The provider "facebook" on META_DIALOG_URL / META_GRAPH_URL (facebook-sign-in.ts), not better-auth's
      // built-in one, whose hosts are fixed.
      ...(config.facebook ? [genericOAuth({ config: [createFacebookSignIn(config.facebook)] })] : []),
      apiKey({
        // Scripts authenticate with "Authorization: Bearer <key>" (API.md); the middleware reads it.
        apiKeyHeaders: ["x-api-key"],
        // The key's usage count and last-use time are written after the answer, not before it.
        deferUpdates: true,
        rateLimit: {
          enabled: true,
          timeWindow: API_KEY_RATE_LIMIT.windowMs,
          maxRequests: API_KEY_RATE_LIMIT.max,
        },
      }),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: signInPerAddress },
        // Starting 'Continue with Facebook' proves nothing by itself (Meta does the checking); an office
        // behind one address gets the same allowance as for e-mail sign-in, not better-auth's 3 per 10 s.
        "/sign-in/social": { window: 60, max: signInPerAddress },
        "/sign-up/email": { window: 60, max: config.rateLimitPerMinute },
        "/change-password": { window: 60, max: config.rateLimitPerMinute },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomBytes(16).toString("hex") },
    },
    logger: {
      log: (level, message, ...args) => {
        const fields = { args: args.map((arg) => (arg instanceof Error ? arg.message : arg)) };
        if (level === "error") config.logger.error(`auth: ${message}`, fields);
        else if (level === "warn") config.logger.warn(`auth: ${message}`, fields);
        else config.logger.debug(`auth: ${message}`, fields);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Without BETTER_AUTH_SECRET a strong secret is made once and kept, so sessions survive restarts. */
export async function loadOrCreateAuthSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, "auth-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
