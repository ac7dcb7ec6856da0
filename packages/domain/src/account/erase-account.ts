import { and, eq, like, or } from "drizzle-orm";
import type { UserContext } from "../context";
import { dataDeletionRequests, media, stripeUserSubscriptions, user, verification } from "../db/schema";
import { AppError } from "../errors";
import { deleteMediaFiles } from "../media/media-variants";
import { payingStatuses } from "../plans/catalogue";

/**
 * Erases the account and everything of it (connections spec: Data deletion), once the owner has confirmed
 * (deleteAccount's password, or the mailed link of confirmDataDeletion): a paying
 * subscription is cancelled first, stored media files are removed from storage, then the account row goes
 * and with it, by the schema's cascades, brands, posts, suggestions, templates, conversations, connections
 * and tokens, notifications, usage, API keys and sessions. Rows that name the user without a foreign key
 * (deletion requests, verification tokens) are removed by hand. Every step only deletes what is left, so
 * a run stopped half-way is finished by running it again. The request is recorded ('processing') before the
 * first step, so a run that dies half-way is finished by finishAccountDeletions (the deletion job).
 */
export async function eraseAccount(ctx: UserContext): Promise<{ deleted: true }> {
  const [account] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, ctx.userId));
  if (!account) return { deleted: true };

  const [recorded] = await ctx.db
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(and(eq(dataDeletionRequests.userId, ctx.userId), eq(dataDeletionRequests.status, "processing")));
  if (!recorded)
    await ctx.db
      .insert(dataDeletionRequests)
      .values({ userId: ctx.userId, email: account.email, status: "processing" });

  const [subscription] = await ctx.db
    .select()
    .from(stripeUserSubscriptions)
    .where(eq(stripeUserSubscriptions.userId, ctx.userId));
  if (subscription?.subscriptionId && payingStatuses.includes(subscription.subscriptionStatus)) {
    if (!ctx.billing) throw new AppError("internal", "Billing is not available here.");
    // Stripe would otherwise go on charging a customer who no longer exists here.
    await ctx.billing.cancelSubscriptionNow(subscription.subscriptionId);
  }

  const files = await ctx.db
    .select({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(eq(media.userId, ctx.userId));
  // With the copies beside each original: Instagram's JPEG, a video's poster and transcoded copies.
  for (const file of files) await deleteMediaFiles(ctx.storage, file);

  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(dataDeletionRequests)
      .where(or(eq(dataDeletionRequests.userId, ctx.userId), eq(dataDeletionRequests.email, account.email)));
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.value, ctx.userId),
          like(verification.identifier, `%${account.email}%`),
          like(verification.value, `%${ctx.userId}%`),
        ),
      );
    await tx.delete(user).where(eq(user.id, ctx.userId));
  });
  return { deleted: true };
}
