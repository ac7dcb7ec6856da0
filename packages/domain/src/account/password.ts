import { z } from "zod";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords";

/*
 * The one rule for a password a person chooses (sign-up, change, reset). The server refuses what breaks it
 * and the web's forms check it first with the same words, so nobody learns it from a failed request.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a chosen password is refused; codes for short and long are better-auth's own, so clients read one set. */
export const PASSWORD_PROBLEMS = {
  tooShort: {
    code: "PASSWORD_TOO_SHORT",
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  },
  tooLong: {
    code: "PASSWORD_TOO_LONG",
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  },
  blank: {
    code: "PASSWORD_BLANK",
    message: "Password cannot be only spaces.",
  },
  tooCommon: {
    code: "PASSWORD_TOO_COMMON",
    message: "This password is too common. Choose a less common one.",
  },
} as const;

export type PasswordProblem = keyof typeof PASSWORD_PROBLEMS;

let commonPasswords: Set<string> | undefined;

/**
 * Whether the password is one of the 10,000 most common. Such lists are lower case and a guesser tries the
 * case variants and padded spaces as well, so the comparison ignores both.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return commonPasswords.has(password.trim().toLowerCase());
}

/** The first problem with a chosen password, or null when it may be used. Lengths count as better-auth does. */
export function findPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (password.trim() === "") return "blank";
  if (isCommonPassword(password)) return "tooCommon";
  return null;
}

/** A new password as forms and requests carry it; the issue's message is the one the person sees. */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = findPasswordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: PASSWORD_PROBLEMS[problem].message });
});
