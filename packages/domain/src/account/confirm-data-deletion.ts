import { eq } from "drizzle-orm";
import { z } from "zod";
import type { UserContext } from "../context";
import { user, verification } from "../db/schema";
import { AppError } from "../errors";
import { safeText } from "../text";
import { mailDeletedNotice } from "./delete-account";
import { eraseAccount } from "./erase-account";
import { hashDataDeletionToken } from "./request-data-deletion";

export const DATA_DELETION_LINK_INVALID =
  "This deletion link is invalid, expired or already used. Please ask for a new one.";

export const confirmDataDeletionInput = z.object({
  token: safeText().min(1).max(200),
});
export type ConfirmDataDeletionInput = z.infer<typeof confirmDataDeletionInput>;

/**
 * Public: following the link mailed by requestDataDeletion erases the account it was made for. The token
 * is consumed before anything is deleted, so a second visit (or a race of two) finds nothing to use.
 */
export async function confirmDataDeletion(
  ctx: Omit<UserContext, "userId">,
  input: ConfirmDataDeletionInput,
): Promise<{ deleted: true }> {
  const [used] = await ctx.db
    .delete(verification)
    .where(eq(verification.identifier, hashDataDeletionToken(input.token)))
    .returning({ userId: verification.value, expiresAt: verification.expiresAt });
  if (!used || used.expiresAt.getTime() <= ctx.now().getTime())
    throw new AppError("invalid_input", DATA_DELETION_LINK_INVALID);
  const [account] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, used.userId));
  if (!account) throw new AppError("invalid_input", DATA_DELETION_LINK_INVALID);
  const erased = await eraseAccount({ ...ctx, userId: used.userId });
  await mailDeletedNotice(ctx, account.email);
  return erased;
}
