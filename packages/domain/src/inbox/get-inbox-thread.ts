import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { BrandContext } from "../context";
import { inboxItems, inboxThreads } from "../db/schema";
import { parseInput } from "../parse-input";
import { requireBrandPost } from "../posts/post";
import { requireInboxItem } from "./inbox-item";
import { createNetworkReader, orderAsConversation, toInboxItemViews, toInboxPostViews } from "./inbox-views";
import { getInboxThreadInput, type inboxThreadDetailView } from "./schemas";

/**
 * One post's whole conversation (by the post, or one of its items): every item in reading order (oldest
 * first, replies after what they answer), the post's unread and open counts, and what its network lets be
 * done. Another brand's post or item is not found.
 */
export async function getInboxThread(
  ctx: BrandContext,
  rawInput: z.input<typeof getInboxThreadInput>,
): Promise<z.output<typeof inboxThreadDetailView>> {
  const input = parseInput(getInboxThreadInput, rawInput);
  const postId = input.postId ?? (await requireInboxItem(ctx.db, ctx, input.itemId as string)).postId;
  const post = await requireBrandPost(ctx.db, ctx, postId);
  const rows = await ctx.db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.postId, post.id), eq(inboxItems.brandId, ctx.brandId)));
  const [thread] = await ctx.db.select().from(inboxThreads).where(eq(inboxThreads.postId, post.id));
  const read = createNetworkReader(ctx, ctx);
  const network = await read(post.platform);
  const postView = (await toInboxPostViews(ctx, [post])).get(post.id);
  if (!postView) throw new Error("post view missing");
  return {
    post: postView,
    items: await toInboxItemViews(read, orderAsConversation(rows)),
    unread: thread?.unread ?? 0,
    open: thread?.open ?? 0,
    capabilities: network.inbox
      ? {
          hide: network.inbox.hide,
          delete: network.inbox.delete,
          like: network.inbox.like,
          maxReplyLength: network.inbox.maxReplyLength,
        }
      : null,
  };
}
