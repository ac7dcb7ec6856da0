import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { UserContext } from "../context";
import { account as credentials, user } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import type { AccountConfirmation } from "../ports";
import { safeText } from "../text";
import { declareUseCase } from "../use-case";
import { eraseAccount } from "./erase-account";
import { requestDataDeletion } from "./request-data-deletion";

export const DELETE_CONFIRM_MISMATCH = "Please enter the e-mail address of your account to confirm.";
export const PASSWORD_REQUIRED = "Please enter your password to confirm.";
export const WRONG_PASSWORD = "The password is not correct. Nothing was deleted.";

export const deleteAccountInput = z.object({
  /**
   * The account's password: the confirmation of a signed-in request. An account without one (signed up
   * with Facebook) is sent the deletion link instead, as a signed-out request is.
   */
  password: safeText().max(128).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** Either everything is gone now, or a link was mailed and nothing is deleted until it is opened. */
export const deleteAccountOutput = z
  .discriminatedUnion("outcome", [
    z.object({ outcome: z.literal("deleted") }),
    z.object({ outcome: z.literal("link_sent") }),
  ])
  .meta({ id: "AccountDeletion" });
export type DeleteAccountOutput = z.infer<typeof deleteAccountOutput>;

function requireConfirmation(ctx: UserContext): AccountConfirmation {
  if (!ctx.accountConfirmation) throw new AppError("internal", "Account confirmation is not available here.");
  return ctx.accountConfirmation;
}

/** Sends the single-use deletion link to the account's own address (requestDataDeletion's path). */
async function mailDeletionLink(ctx: UserContext, email: string): Promise<{ outcome: "link_sent" }> {
  const confirmation = requireConfirmation(ctx);
  await requestDataDeletion(
    { db: ctx.db, mailer: confirmation.mailer, now: ctx.now, confirmUrl: confirmation.deletionLinkUrl },
    { email },
  );
  return { outcome: "link_sent" };
}

/** Tells the owner the account is gone (the spec's "You will receive a confirmation email shortly"). */
export async function mailDeletedNotice(ctx: Pick<UserContext, "accountConfirmation">, email: string) {
  // The account is gone either way: a notice that fails to send must not make the deletion look failed.
  await ctx.accountConfirmation?.mailer
    .send({
      to: email,
      subject: "Your Social Media Manager account has been deleted",
      text: "Your Social Media Manager account and all its data have been deleted, as you asked. Posts already published on Facebook or Instagram stay there.\n\nIf you did not ask for this, write to us by replying to this message.",
    })
    .catch(() => undefined);
}

/**
 * The signed-in owner deletes their account (connections spec: Data deletion). Irreversible, so it is
 * confirmed by the account's password: none sent or a wrong one is refused with its reason and nothing is
 * deleted; the right one erases everything now and a notice is mailed (the spec's "You will receive a
 * confirmation email shortly" stays true). An account that has no password is mailed the deletion link
 * instead, and nothing is deleted until it is opened.
 */
export async function deleteAccount(
  ctx: UserContext,
  input: DeleteAccountInput,
): Promise<DeleteAccountOutput> {
  const confirmation = requireConfirmation(ctx);
  const [owner] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, ctx.userId));
  if (!owner) return { outcome: "deleted" };
  const [credential] = await ctx.db
    .select({ hash: credentials.password })
    .from(credentials)
    .where(and(eq(credentials.userId, ctx.userId), eq(credentials.providerId, "credential")));
  if (!credential?.hash) return mailDeletionLink(ctx, owner.email.toLowerCase());
  if (!input.password) throw new AppError("password_required", PASSWORD_REQUIRED);
  if (!(await confirmation.verifyPassword(credential.hash, input.password)))
    throw new AppError("password_wrong", WRONG_PASSWORD);

  await eraseAccount(ctx);
  await mailDeletedNotice(ctx, owner.email);
  return { outcome: "deleted" };
}

export const requestAccountDeletionInput = z.object({
  /** The account's own e-mail, typed again: the chat's confirmation that this is meant. */
  email: safeText().trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
});
export type RequestAccountDeletionInput = z.infer<typeof requestAccountDeletionInput>;

/** The chat's deletion only ever mails the link: nothing is deleted until it is opened. */
export const requestAccountDeletionOutput = z
  .object({
    outcome: z.literal("link_sent").meta({
      description: "The deletion link was mailed to the account; nothing is deleted until it is opened.",
    }),
  })
  .meta({ id: "AccountDeletionRequested" });
export type RequestAccountDeletionOutput = z.infer<typeof requestAccountDeletionOutput>;

/**
 * The chat's and scripts' way to delete the caller's account: a password never goes through the chat, so
 * the deletion link is mailed to the account (named again as the confirmation) and nothing is deleted until
 * it is opened.
 */
export async function requestAccountDeletion(
  ctx: UserContext,
  input: RequestAccountDeletionInput,
): Promise<RequestAccountDeletionOutput> {
  const { email } = parseInput(requestAccountDeletionInput, input);
  const [owner] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, ctx.userId));
  if (!owner || owner.email.toLowerCase() !== email)
    throw new AppError("invalid_input", DELETE_CONFIRM_MISMATCH);
  return mailDeletionLink(ctx, email);
}

/**
 * The tool deleteAccount (chat, tool API, MCP) is the mailed-link request: the screen's POST
 * /api/account/delete confirms with a password instead (deleteAccount above), a body no tool takes.
 */
export const deleteAccountUseCase = declareUseCase({
  name: "deleteAccount",
  description:
    "Start deleting the user's account and ALL their data (brands, posts, images, connections, subscription): only after the user has explicitly confirmed, with the account's e-mail as confirmation. A link is mailed to the account; nothing is deleted until the user opens it.",
  scope: "user",
  input: requestAccountDeletionInput,
  output: requestAccountDeletionOutput,
  run: requestAccountDeletion,
});
