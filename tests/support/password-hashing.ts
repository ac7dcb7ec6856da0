import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../../apps/server/src/auth";

/*
 * The unit and API tests' password hashing: scrypt as in production, at a cost of about a millisecond instead
 * of a tenth of a second. The suites sign up and in thousands of users (twice, once per database): with the
 * production cost sign-in-limits.test.ts alone took 16.4 s, with this one 4.4 s. What they test is what the
 * server does with a right or a wrong password, not how slow guessing one is; auth-password-hashing.test.ts
 * keeps the production default tested.
 */
const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await deriveKey(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await deriveKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
