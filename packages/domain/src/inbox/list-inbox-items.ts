import { and, desc, eq, exists, gt, gte, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { BrandContext } from "../context";
import { inboxItems, inboxThreads, posts } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import type { NoInput } from "../no-input";
import { parseInput } from "../parse-input";
import { readInboxCounts } from "./inbox-item";
import {
  createNetworkReader,
  type InboxItemViewRow,
  inboxItemViewColumns,
  toInboxItemViews,
  toInboxPostViews,
} from "./inbox-views";
import type { InboxFilter } from "./messages";
import {
  INBOX_ITEMS_PER_THREAD,
  INBOX_PAGE_SIZE,
  type InboxThreadView,
  type inboxCountsView,
  type inboxPageView,
  listInboxItemsInput,
} from "./schemas";

/** A subquery's columns under the same keys as `columns` (what an outer select reads of it). */
function selectFrom<C extends Record<string, unknown>, T extends { [K in keyof C]: unknown }>(
  subquery: T,
  columns: C,
): { [K in keyof C]: T[K] } {
  return Object.fromEntries(Object.keys(columns).map((key) => [key, subquery[key]])) as {
    [K in keyof C]: T[K];
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const INVALID_CURSOR = "Invalid cursor";

/** `before` is the page before's `nextBefore`: "<last activity ISO>|<post id>". */
function parseBefore(before: string): { at: Date; postId: string } {
  const [iso, postId] = before.split("|");
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime()) || !postId || !isUuid(postId))
    throw new AppError("invalid_input", INVALID_CURSOR, {
      issues: [{ path: "before", message: INVALID_CURSOR }],
    });
  return { at, postId };
}

/** Which items a filter shows: "needs reply" is others' open comments still on the network. */
function statusCondition(status: InboxFilter): SQL | undefined {
  // Literals, not parameters: they are the predicate of inbox_items_needs_reply_idx, which the planner
  // uses only when the query implies it as written.
  if (status === "needs_reply")
    return sql`(${inboxItems.status} = 'open' and not ${inboxItems.own} and ${inboxItems.removedAt} is null)`;
  if (status === "done") return eq(inboxItems.status, "done");
  return undefined;
}

/**
 * The brand's conversations, newest activity first, a page at a time: each with its post and up to
 * INBOX_ITEMS_PER_THREAD items matching the filter (needs reply: questions and negatives first, then newest;
 * otherwise newest first). Spam, hidden and removed items are listed too, flagged. Also the brand's unread
 * and needs-reply totals (the sidebar's badge), read from the per-post counts.
 */
export async function listInboxItems(
  ctx: BrandContext,
  rawInput: z.input<typeof listInboxItemsInput>,
): Promise<z.output<typeof inboxPageView>> {
  const input = parseInput(listInboxItemsInput, rawInput);
  const status = input.status ?? "needs_reply";
  const limit = input.limit ?? INBOX_PAGE_SIZE;
  const since = input.since ? new Date(input.since) : null;
  const words = input.query ? `%${escapeLike(input.query)}%` : null;

  const itemFilter = (postColumn: SQL | typeof inboxThreads.postId) =>
    and(
      sql`${inboxItems.postId} = ${postColumn}`,
      statusCondition(status),
      since ? gte(inboxItems.writtenAt, since) : undefined,
    );
  const textMatch = words
    ? or(
        ilike(inboxItems.text, words),
        ilike(inboxItems.authorName, words),
        ilike(inboxItems.authorHandle, words),
      )
    : undefined;
  const anyItem = (extra?: SQL) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(inboxItems)
        .where(and(itemFilter(inboxThreads.postId), extra)),
    );

  const conditions: (SQL | undefined)[] = [
    eq(inboxThreads.brandId, ctx.brandId),
    eq(inboxThreads.userId, ctx.userId),
    input.platform ? eq(inboxThreads.platform, input.platform) : undefined,
    input.postId ? eq(inboxThreads.postId, input.postId) : undefined,
    // The per-post count answers "needs reply" from the index; the item check below makes it exact.
    status === "needs_reply" ? gt(inboxThreads.open, 0) : undefined,
  ];
  if (words) conditions.push(or(and(ilike(posts.content, words), anyItem()), anyItem(textMatch)));
  else if (since || status !== "all") conditions.push(anyItem());
  if (input.before) {
    const { at, postId } = parseBefore(input.before);
    conditions.push(
      sql`(${inboxThreads.lastActivityAt}, ${inboxThreads.postId}) < (${at.toISOString()}::timestamptz, ${postId}::uuid)`,
    );
  }

  // The page and the badge's totals at once, on two connections (one round trip's wait, not two).
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({
        thread: {
          postId: inboxThreads.postId,
          lastActivityAt: inboxThreads.lastActivityAt,
          total: inboxThreads.total,
          open: inboxThreads.open,
          unread: inboxThreads.unread,
          urgent: inboxThreads.urgent,
        },
        post: {
          id: posts.id,
          platform: posts.platform,
          content: posts.content,
          externalUrl: posts.externalUrl,
          postedAt: posts.postedAt,
          format: posts.format,
          imageMediaId: posts.imageMediaId,
          imageUrl: posts.imageUrl,
        },
      })
      .from(inboxThreads)
      .innerJoin(posts, eq(posts.id, inboxThreads.postId))
      .where(and(...conditions))
      .orderBy(desc(inboxThreads.lastActivityAt), desc(inboxThreads.postId))
      .limit(limit + 1),
    readInboxCounts(ctx.db, ctx),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextBefore =
    rows.length > limit && last ? `${last.thread.lastActivityAt.toISOString()}|${last.thread.postId}` : null;

  const read = createNetworkReader(ctx, ctx);
  // Every thread's first INBOX_ITEMS_PER_THREAD items in one query, in the filter's order.
  const urgentFirst = sql`(${inboxItems.question} or ${inboxItems.sentiment} = 'negative')`;
  const order =
    status === "needs_reply"
      ? sql`${urgentFirst} desc, ${inboxItems.writtenAt} desc, ${inboxItems.id} desc`
      : sql`${inboxItems.writtenAt} desc, ${inboxItems.id} desc`;
  const query = (input.query ?? "").toLowerCase();
  const postsMatching = words
    ? page.filter((row) => row.post.content.toLowerCase().includes(query)).map((row) => row.post.id)
    : [];
  const pageIds = page.map((row) => row.post.id);
  const readItems = async (): Promise<InboxItemViewRow[]> => {
    if (pageIds.length === 0) return [];
    // The first few of each post, read through the post's index in the filter's order (LATERAL ... LIMIT):
    // 5 rows a conversation, however many it holds.
    const top = ctx.db
      .select({
        ...inboxItemViewColumns,
        // The place in its conversation, for the outer order (a join's order is not kept otherwise).
        rank: sql<number>`row_number() over (order by ${order})`.as("rank"),
      })
      .from(inboxItems)
      .where(
        and(
          sql`${inboxItems.postId} = ${inboxThreads.postId}`,
          statusCondition(status),
          since ? gte(inboxItems.writtenAt, since) : undefined,
          textMatch && postsMatching.length > 0
            ? or(inArray(inboxItems.postId, postsMatching), textMatch)
            : textMatch,
        ),
      )
      .orderBy(order)
      .limit(input.itemsPerThread ?? INBOX_ITEMS_PER_THREAD)
      .as("top");
    return ctx.db
      .select(selectFrom(top, inboxItemViewColumns))
      .from(inboxThreads)
      .crossJoinLateral(top)
      .where(inArray(inboxThreads.postId, pageIds))
      .orderBy(top.postId, top.rank);
  };
  // The posts' images and the items at once, as above.
  const [postViews, items] = await Promise.all([
    toInboxPostViews(
      ctx,
      page.map((row) => row.post),
    ),
    readItems(),
  ]);
  const itemsByPost = new Map<string, InboxItemViewRow[]>();
  for (const item of items) {
    const list = itemsByPost.get(item.postId) ?? [];
    list.push(item);
    itemsByPost.set(item.postId, list);
  }
  const threads: InboxThreadView[] = [];
  for (const { thread, post } of page) {
    const postView = postViews.get(post.id);
    if (!postView) continue;
    threads.push({
      post: postView,
      items: await toInboxItemViews(read, itemsByPost.get(post.id) ?? []),
      lastActivityAt: thread.lastActivityAt.toISOString(),
      total: thread.total,
      open: thread.open,
      unread: thread.unread,
      urgent: thread.urgent,
    });
  }
  return { threads, nextBefore, ...counts };
}

/** The brand's unread comments and those still needing a reply (the sidebar's badge). */
export async function getInboxCounts(
  ctx: BrandContext,
  _input: NoInput = {},
): Promise<z.output<typeof inboxCountsView>> {
  return readInboxCounts(ctx.db, ctx);
}
