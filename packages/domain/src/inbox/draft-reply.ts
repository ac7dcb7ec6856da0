import { and, desc, eq, lte } from "drizzle-orm";
import type { z } from "zod";
import type { BrandContext } from "../context";
import { type InboxItem, inboxItems } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { requireBrandPost } from "../posts/post";
import { readAiBrand } from "../suggestions/suggestion";
import { requireInboxItem } from "./inbox-item";
import { createNetworkReader, orderAsConversation } from "./inbox-views";
import { draftReplyInput, MAX_REPLY_LENGTH, type replyDraftView } from "./schemas";

export const DRAFT_REPLY_FAILED = "Failed to draft a reply";
/** The conversation a draft is written from: at most this many earlier items. */
const THREAD_CONTEXT = 20;
/** How far back a post's items are read to find the conversation (a busy post has thousands). */
const THREAD_SCAN = 500;

/** The items of the item's conversation written before it (its root comment and the replies under it), oldest first. */
async function earlierInConversation(ctx: BrandContext, item: InboxItem): Promise<InboxItem[]> {
  const rows = await ctx.db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.postId, item.postId), lte(inboxItems.writtenAt, item.writtenAt)))
    .orderBy(desc(inboxItems.writtenAt))
    .limit(THREAD_SCAN);
  const byId = new Map(rows.map((row) => [row.id, row]));
  byId.set(item.id, item);
  const rootOf = (row: InboxItem): string => {
    let current = row;
    const seen = new Set<string>();
    while (current.replyToId && byId.has(current.replyToId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.replyToId) as InboxItem;
    }
    return current.id;
  };
  const root = rootOf(item);
  const conversation = [...byId.values()].filter(
    (row) => row.id !== item.id && row.removedAt === null && rootOf(row) === root,
  );
  return orderAsConversation(conversation).slice(-THREAD_CONTEXT);
}

/**
 * Drafts a reply to a comment in the brand's voice (tone, never a do-not-mention topic), from the post, the
 * conversation so far and the user's instructions, within the network's reply limit. Nothing is sent or
 * stored: the user edits it and sends it with sendReply.
 */
export async function draftReply(
  ctx: BrandContext,
  rawInput: z.input<typeof draftReplyInput>,
): Promise<z.output<typeof replyDraftView>> {
  const input = parseInput(draftReplyInput, rawInput);
  const item = await requireInboxItem(ctx.db, ctx, input.itemId);
  const post = await requireBrandPost(ctx.db, ctx, item.postId);
  const network = await createNetworkReader(ctx, ctx)(item.platform);
  const maxLength = Math.min(network.inbox?.maxReplyLength ?? MAX_REPLY_LENGTH, MAX_REPLY_LENGTH);
  const [{ brand }, thread] = await Promise.all([readAiBrand(ctx), earlierInConversation(ctx, item)]);
  let written: string;
  try {
    written = await ctx.ai.draftReply({
      brand,
      language: post.language,
      platform: post.platform,
      post: { content: post.content },
      comment: { text: item.text, authorName: item.authorName, authorHandle: item.authorHandle },
      thread: thread.map((row) => ({ text: row.text, authorName: row.authorName, own: row.own })),
      instructions: input.instructions,
      maxLength,
    });
  } catch {
    throw new AppError("upstream_failed", DRAFT_REPLY_FAILED);
  }
  const text = trimTo(written ?? "", maxLength);
  if (text === "") throw new AppError("upstream_failed", DRAFT_REPLY_FAILED);
  return { itemId: item.id, text, model: ctx.ai.kind === "offline" ? "offline" : "ai", maxLength };
}

/** Within the limit, cut at a word where one is near, never mid-surrogate. */
function trimTo(text: string, maxLength: number): string {
  const flat = text.replaceAll("\u0000", "").trim();
  if (flat.length <= maxLength) return flat;
  let cut = flat.slice(0, maxLength);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(" ");
  return (space > maxLength * 0.6 ? cut.slice(0, space) : cut).trimEnd();
}
