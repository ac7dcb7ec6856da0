import { randomUUID } from "node:crypto";
import { and, asc, eq, lt, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { countText } from "../channels/text-count";
import type { BrandContext, Deps } from "../context";
import { type InboxItem, inboxItems, posts, userBrands } from "../db/schema";
import { AppError, type ErrorReason, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import { platformLabels } from "../posts/messages";
import { requireBrandPost } from "../posts/post";
import { publishInboxChanged, recountThread, requireInboxItem } from "./inbox-item";
import { createNetworkReader, itemActions, toInboxItemView } from "./inbox-views";
import { INBOX_ITEM_NOT_FOUND, REPLY_TOO_LONG, REPLY_UNCONFIRMED } from "./messages";
import { type inboxItemView, retryReplyInput, sendReplyInput } from "./schemas";

type SendDeps = Pick<Deps, "db" | "events" | "now" | "social">;

/** A rate limit asking for at most this long is waited out within the call; a longer one fails with when to retry. */
export const REPLY_RATE_WAIT_MS = 15_000;
/** In-call waits for one send, so a network that keeps asking does not hold the request forever. */
const MAX_RATE_WAITS = 2;
/** A wait when the network asked to slow down without saying how long. */
const DEFAULT_RATE_WAIT_MS = 2_000;
/** A reply still `sending` this long after its attempt began was left by a process that died. */
export const INTERRUPTED_REPLY_MS = 2 * 60_000;
const SWEEP_BATCH = 50;

export const replyFailedMessage = (platform: InboxItem["platform"], words: string) =>
  `${platformLabels[platform]} refused the reply: ${words}`;
const rateLimitedMessage = (platform: InboxItem["platform"], waitMs: number) =>
  waitMs > 0
    ? `${platformLabels[platform]} asks to slow down: try again in about ${Math.max(1, Math.ceil(waitMs / 60_000))} minute${waitMs > 60_000 ? "s" : ""}.`
    : `${platformLabels[platform]} asks to slow down: try again in a few minutes.`;
const interruptedMessage = (platform: InboxItem["platform"]) =>
  `Sending was interrupted before ${platformLabels[platform]} took the reply. Retry sends it.`;
const replyUnsupported = (platform: InboxItem["platform"]) =>
  `${platformLabels[platform]} comments cannot be answered from here.`;
export const REPLY_TARGET_GONE = "This comment was removed, so it cannot be answered.";
export const REPLY_TO_OWN = "This is the brand's own reply; answer the comment it replies to.";
export const REPLY_NOT_RETRYABLE = "Only a reply whose sending failed can be sent again.";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The network's words on why it refused, as its provider gave them (stored on the reply and shown by Retry). */
const networkWords = (error: AppError) => error.message;

/**
 * Sends the brand's reply to a comment exactly once. The reply is recorded first (sending, with the marker
 * of this attempt) and the comment marked done; then the network is asked. A refusal keeps the reply with
 * the network's reason and Retry; a rate limit of a few seconds is waited out; a lost answer is settled by
 * asking the network for the reply with our marker (found: sent; surely none: sent once more with the same
 * marker; cannot tell: unconfirmed). On Instagram, which answers top-level comments only, a reply to a
 * reply goes under its top-level comment.
 */
export async function sendReply(
  ctx: BrandContext,
  rawInput: z.input<typeof sendReplyInput>,
): Promise<z.output<typeof inboxItemView>> {
  const input = parseInput(sendReplyInput, rawInput);
  const target = await requireInboxItem(ctx.db, ctx, input.itemId);
  const post = await requireBrandPost(ctx.db, ctx, target.postId);
  const network = await createNetworkReader(ctx, ctx)(target.platform);
  if (!network.inbox || !post.externalPostId)
    throw new AppError("inbox_unsupported", replyUnsupported(target.platform));
  if (!itemActions(target, network.inbox).reply)
    throw new AppError("conflict", target.own ? REPLY_TO_OWN : REPLY_TARGET_GONE);
  const limit = network.inbox.maxReplyLength;
  const length = network.text ? countText(input.text, network.text) : input.text.length;
  if (length > limit) throw new AppError("text_over_limit", REPLY_TOO_LONG(limit));

  const [brand] = await ctx.db
    .select({ name: userBrands.name })
    .from(userBrands)
    .where(eq(userBrands.id, ctx.brandId));
  const now = ctx.now();
  const reply = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboxItems)
      .values({
        userId: target.userId,
        brandId: target.brandId,
        postId: target.postId,
        platform: target.platform,
        network: target.network,
        externalId: null,
        parentExternalId:
          target.platform === "instagram"
            ? (target.parentExternalId ?? target.externalId)
            : target.externalId,
        authorName: brand?.name ?? null,
        text: input.text,
        own: true,
        writtenAt: now,
        status: "done",
        readAt: now,
        delivery: "sending",
        deliveryMarker: randomUUID(),
        deliveryAttemptAt: now,
        sentByUserId: ctx.userId,
        replyToId: target.id,
        receivedAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("reply insert returned no row");
    await tx
      .update(inboxItems)
      .set({
        status: "done",
        readAt: sql`coalesce(${inboxItems.readAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(inboxItems.id, target.id));
    await recountThread(tx, target.postId);
    return row;
  });
  await publishInboxChanged(ctx, { userId: reply.userId, brandId: reply.brandId, postId: reply.postId });
  const sent = await deliver(ctx, reply, post.externalPostId);
  return toInboxItemView(sent, network.inbox);
}

/**
 * Sends again a reply that failed or stayed unconfirmed, with the same marker. The network is asked first
 * whether it holds the reply after all, so a reply it did take is never sent twice.
 */
export async function retryReply(
  ctx: BrandContext,
  rawInput: z.input<typeof retryReplyInput>,
): Promise<z.output<typeof inboxItemView>> {
  const input = parseInput(retryReplyInput, rawInput);
  const row = await requireInboxItem(ctx.db, ctx, input.replyId);
  if (!row.own) throw new AppError("not_found", INBOX_ITEM_NOT_FOUND);
  if ((row.delivery !== "failed" && row.delivery !== "unconfirmed") || !row.deliveryMarker)
    throw new AppError("conflict", REPLY_NOT_RETRYABLE);
  const post = await requireBrandPost(ctx.db, ctx, row.postId);
  const network = await createNetworkReader(ctx, ctx)(row.platform);
  if (!post.externalPostId) throw new AppError("inbox_unsupported", replyUnsupported(row.platform));

  let found: { externalId: string } | null = null;
  try {
    found = await ctx.social.findReply({
      ...refOf(row),
      postExternalId: post.externalPostId,
      parentExternalId: row.parentExternalId,
      text: row.text,
      marker: row.deliveryMarker,
      since: row.deliveryAttemptAt ?? row.writtenAt,
    });
  } catch (error) {
    // A refused reply left nothing on the network; one whose fate is unknown is not sent blind.
    if (row.delivery === "unconfirmed")
      throw isAppError(error) && error.reason === "network_token_expired"
        ? error
        : new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
  }
  if (found) return toInboxItemView(await markSent(ctx, row, found.externalId, null), network.inbox);

  const now = ctx.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const [claim] = await tx
      .update(inboxItems)
      .set({
        delivery: "sending",
        deliveryAttemptAt: now,
        deliveryError: null,
        deliveryReason: null,
        updatedAt: now,
      })
      .where(
        and(eq(inboxItems.id, row.id), eq(inboxItems.delivery, row.delivery as "failed" | "unconfirmed")),
      )
      .returning();
    if (claim) await recountThread(tx, claim.postId);
    return claim;
  });
  // Someone else is retrying it (another tab): theirs settles it.
  if (!claimed) throw new AppError("conflict", REPLY_NOT_RETRYABLE);
  await publishInboxChanged(ctx, { userId: row.userId, brandId: row.brandId, postId: row.postId });
  return toInboxItemView(await deliver(ctx, claimed, post.externalPostId), network.inbox);
}

/**
 * Settles replies left `sending` by a process that died mid-call: the network is asked for the reply with
 * the attempt's marker; found, it is sent; surely absent, it failed (Retry sends it); when the network cannot
 * tell, unconfirmed. Returns how many were settled.
 */
export async function settleInterruptedReplies(deps: SendDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - INTERRUPTED_REPLY_MS);
  const rows = await deps.db
    .select({ item: inboxItems, externalPostId: posts.externalPostId })
    .from(inboxItems)
    .innerJoin(posts, eq(posts.id, inboxItems.postId))
    .where(and(eq(inboxItems.delivery, "sending"), lt(inboxItems.deliveryAttemptAt, cutoff)))
    .orderBy(asc(inboxItems.deliveryAttemptAt))
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const { item, externalPostId } of rows) {
    if (!item.deliveryMarker || !externalPostId) {
      await markFailed(deps, item, interruptedMessage(item.platform), "reply_failed");
      settled++;
      continue;
    }
    try {
      const found = await deps.social.findReply({
        ...refOf(item),
        postExternalId: externalPostId,
        parentExternalId: item.parentExternalId,
        text: item.text,
        marker: item.deliveryMarker,
        since: item.deliveryAttemptAt ?? item.writtenAt,
      });
      if (found) await markSent(deps, item, found.externalId, null);
      else await markFailed(deps, item, interruptedMessage(item.platform), "reply_failed");
    } catch {
      await markUnconfirmed(deps, item);
    }
    settled++;
  }
  return settled;
}

const refOf = (row: InboxItem) => ({ userId: row.userId, brandId: row.brandId, platform: row.platform });

/** Asks the network to take the recorded reply and settles what it answered (see sendReply). */
async function deliver(deps: SendDeps, row: InboxItem, postExternalId: string): Promise<InboxItem> {
  const marker = row.deliveryMarker as string;
  const call = {
    ...refOf(row),
    postExternalId,
    parentExternalId: row.parentExternalId,
    text: row.text,
    marker,
  };
  let rateWaits = 0;
  let resent = false;
  for (;;) {
    try {
      const sent = await deps.social.replyToComment(call);
      return await markSent(deps, row, sent.externalId, sent.url ?? null);
    } catch (error) {
      if (!isAppError(error)) {
        // The answer was lost (the connection dropped): the network may hold the reply. Ask before anything.
        let found: { externalId: string } | null;
        try {
          found = await deps.social.findReply({ ...call, since: row.deliveryAttemptAt ?? row.writtenAt });
        } catch {
          await markUnconfirmed(deps, row);
          throw new AppError("reply_unconfirmed", REPLY_UNCONFIRMED);
        }
        if (found) return markSent(deps, row, found.externalId, null);
        if (!resent) {
          resent = true;
          continue;
        }
        await markFailed(deps, row, interruptedMessage(row.platform), "reply_failed");
        throw new AppError("reply_failed", interruptedMessage(row.platform));
      }
      if (error.reason === "reply_unconfirmed") {
        await markUnconfirmed(deps, row);
        throw error;
      }
      if (error.reason === "network_token_expired") {
        // The router has marked the connection expired and told the user once; the reply waits with Retry.
        await markFailed(deps, row, networkWords(error), error.reason);
        throw error;
      }
      if (error.retryAfterMs !== undefined) {
        if (error.retryAfterMs <= REPLY_RATE_WAIT_MS && rateWaits < MAX_RATE_WAITS) {
          rateWaits++;
          await sleep(error.retryAfterMs > 0 ? error.retryAfterMs : DEFAULT_RATE_WAIT_MS);
          continue;
        }
        const message = rateLimitedMessage(row.platform, error.retryAfterMs);
        await markFailed(deps, row, message, error.reason);
        throw new AppError("reply_failed", message);
      }
      await markFailed(deps, row, networkWords(error), error.reason);
      throw new AppError("reply_failed", replyFailedMessage(row.platform, networkWords(error)));
    }
  }
}

/** Stores the network's id of our reply; a copy recorded meanwhile from its echo gives way to this row. */
async function markSent(
  deps: SendDeps,
  row: InboxItem,
  externalId: string,
  url: string | null,
): Promise<InboxItem> {
  const now = deps.now();
  const saved = await deps.db.transaction(async (tx) => {
    await tx
      .delete(inboxItems)
      .where(
        and(
          eq(inboxItems.brandId, row.brandId),
          eq(inboxItems.network, row.network),
          eq(inboxItems.externalId, externalId),
          eq(inboxItems.own, true),
          ne(inboxItems.id, row.id),
        ),
      );
    const [updated] = await tx
      .update(inboxItems)
      .set({
        externalId,
        ...(url ? { url } : {}),
        delivery: "sent",
        deliveryError: null,
        deliveryReason: null,
        updatedAt: now,
      })
      .where(eq(inboxItems.id, row.id))
      .returning();
    await recountThread(tx, row.postId);
    return updated;
  });
  await publishInboxChanged(deps, row);
  return saved ?? row;
}

/** The reply failed with the network's words and reason, while it is still ours to settle (still sending). */
async function markFailed(deps: SendDeps, row: InboxItem, words: string, reason: ErrorReason): Promise<void> {
  await settle(deps, row, { delivery: "failed", deliveryError: words, deliveryReason: reason });
}

async function markUnconfirmed(deps: SendDeps, row: InboxItem): Promise<void> {
  await settle(deps, row, {
    delivery: "unconfirmed",
    deliveryError: REPLY_UNCONFIRMED,
    deliveryReason: "reply_unconfirmed",
  });
}

async function settle(
  deps: SendDeps,
  row: InboxItem,
  changes: Pick<InboxItem, "delivery" | "deliveryError" | "deliveryReason">,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // An echo of the reply may have settled it as sent meanwhile: that stands.
    const [updated] = await tx
      .update(inboxItems)
      .set({ ...changes, updatedAt: now })
      .where(and(eq(inboxItems.id, row.id), eq(inboxItems.delivery, "sending")))
      .returning({ id: inboxItems.id });
    if (updated) await recountThread(tx, row.postId);
  });
  await publishInboxChanged(deps, row);
}
