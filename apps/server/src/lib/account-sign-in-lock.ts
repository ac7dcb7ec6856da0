import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@smm/domain/db";
import { rateLimit } from "@smm/domain/db/schema";
import { and, eq, gt, sql } from "drizzle-orm";

/**
 * Failed password sign-ins counted per account (e-mail), next to better-auth's per-address limit: a flood on
 * one account stops at the account, so other people behind the same address keep signing in, and a guesser
 * who changes address gets no more tries at the account.
 *
 * The counts live in better-auth's `rate_limit` table under keys of their own, so every server on the
 * database shares them and no migration is needed. One difference from better-auth's rows: `last_request`
 * holds the end of the account's window, not the last attempt. better-auth deletes rows whose last_request is
 * older than its longest window, so ours go only once their window has ended.
 */

export interface AccountSignInLimit {
  /** Wrong passwords let through per window; the next attempt, even with the right password, is refused. */
  maxFailures: number;
  windowSeconds: number;
}

export const ACCOUNT_SIGN_IN_LIMIT: AccountSignInLimit = { maxFailures: 10, windowSeconds: 15 * 60 };

const KEY_PREFIX = "account-sign-in:";

/** A digest, so the table holds no e-mail addresses; the address is normalised as better-auth looks it up. */
function keyFor(email: string): string {
  return KEY_PREFIX + createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface AccountSignInLock {
  /**
   * Takes one attempt from the account's allowance before the password is checked, in one statement, so
   * parallel guesses cannot all pass a count read before any of them is written.
   */
  beginAttempt(email: string): Promise<SignInAttempt>;
  /** The attempt ended without a wrong password (a bad request, an unconfirmed e-mail): give it back. */
  returnAttempt(email: string): Promise<void>;
  /** The right password was given, or the owner reset it: the account starts afresh. */
  clear(email: string): Promise<void>;
}

export function createAccountSignInLock(
  db: Db,
  limit: AccountSignInLimit = ACCOUNT_SIGN_IN_LIMIT,
  now: () => number = Date.now,
): AccountSignInLock {
  const windowMs = limit.windowSeconds * 1000;
  return {
    async beginAttempt(email) {
      const at = now();
      const windowEnd = at + windowMs;
      // A row whose window has ended starts a new one at this attempt.
      const expired = sql`${rateLimit.lastRequest} <= ${at}::bigint`;
      const [row] = await db
        .insert(rateLimit)
        .values({ id: randomBytes(16).toString("hex"), key: keyFor(email), count: 1, lastRequest: windowEnd })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
            lastRequest: sql`case when ${expired} then ${windowEnd}::bigint else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count, windowEnd: rateLimit.lastRequest });
      if (!row || row.count <= limit.maxFailures) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowEnd - at) / 1000)) };
    },

    async returnAttempt(email) {
      await db
        .update(rateLimit)
        .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
        .where(and(eq(rateLimit.key, keyFor(email)), gt(rateLimit.lastRequest, now())));
    },

    async clear(email) {
      await db.delete(rateLimit).where(eq(rateLimit.key, keyFor(email)));
    },
  };
}
