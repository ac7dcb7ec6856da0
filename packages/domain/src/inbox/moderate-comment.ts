import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { BrandContext } from "../context";
import { type InboxItem, inboxItems, type NewInboxItem } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import type { CommentAction } from "../ports";
import { platformLabels } from "../posts/messages";
import { publishInboxChanged, recountThread, requireInboxItem } from "./inbox-item";
import { createNetworkReader, itemActions, toInboxItemView } from "./inbox-views";
import { commentInput, hideCommentInput, type inboxItemView } from "./schemas";

type ItemView = z.output<typeof inboxItemView>;

const actionWords: Record<CommentAction, string> = {
  hide: "hidden",
  unhide: "shown again",
  delete: "deleted",
  like: "liked",
};

/** Said when the network (or the item) does not allow the action: nothing was changed. */
export const moderationRefused = (
  item: Pick<InboxItem, "platform" | "own" | "removedAt">,
  action: CommentAction,
) =>
  item.removedAt
    ? "This comment was removed."
    : item.own && action !== "delete"
      ? `The brand's own replies cannot be ${actionWords[action]}.`
      : `${platformLabels[item.platform]} does not let this comment be ${actionWords[action]} from here.`;

/**
 * Does one moderation action: checked against what the network and the item allow (inbox_unsupported
 * otherwise, nothing changed), asked of the network, then recorded. An item already in the wanted state
 * is answered as it is, without asking the network again.
 */
async function moderate(
  ctx: BrandContext,
  itemId: string,
  action: CommentAction,
  done: (row: InboxItem) => boolean,
  changes: (now: Date) => Partial<NewInboxItem>,
): Promise<ItemView> {
  const item = await requireInboxItem(ctx.db, ctx, itemId);
  const network = await createNetworkReader(ctx, ctx)(item.platform);
  if (done(item)) return toInboxItemView(item, network.inbox);
  const can = itemActions(item, network.inbox);
  if (!can[action] || !item.externalId)
    throw new AppError("inbox_unsupported", moderationRefused(item, action));
  await ctx.social.moderateComment({
    userId: ctx.userId,
    brandId: ctx.brandId,
    platform: item.platform,
    externalId: item.externalId,
    action,
  });
  const now = ctx.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(inboxItems)
      .set({ ...changes(now), updatedAt: now })
      .where(eq(inboxItems.id, item.id))
      .returning();
    await recountThread(tx, item.postId);
    return row;
  });
  await publishInboxChanged(ctx, item);
  return toInboxItemView(saved ?? item, network.inbox);
}

/** Hides a comment from everyone but its author on the network, or shows it again (hidden: false). */
export async function hideComment(
  ctx: BrandContext,
  rawInput: z.input<typeof hideCommentInput>,
): Promise<ItemView> {
  const input = parseInput(hideCommentInput, rawInput);
  const hidden = input.hidden ?? true;
  return moderate(
    ctx,
    input.itemId,
    hidden ? "hide" : "unhide",
    (row) => row.hidden === hidden,
    () => ({ hidden }),
  );
}

/** Deletes a comment on the network where the brand may; it stays in the inbox, shown removed. */
export async function deleteComment(
  ctx: BrandContext,
  rawInput: z.input<typeof commentInput>,
): Promise<ItemView> {
  const input = parseInput(commentInput, rawInput);
  return moderate(
    ctx,
    input.itemId,
    "delete",
    (row) => row.removedAt !== null,
    (now) => ({ removedAt: now }),
  );
}

/** Likes a comment on the network, where it has likes. */
export async function likeComment(
  ctx: BrandContext,
  rawInput: z.input<typeof commentInput>,
): Promise<ItemView> {
  const input = parseInput(commentInput, rawInput);
  return moderate(
    ctx,
    input.itemId,
    "like",
    (row) => row.liked,
    () => ({ liked: true }),
  );
}
