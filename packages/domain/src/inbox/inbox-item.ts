import { and, eq, sql } from "drizzle-orm";
import type { BrandContext, DbExecutor, Deps } from "../context";
import { type InboxItem, inboxItems, inboxThreads } from "../db/schema";
import { AppError } from "../errors";
import { isUuid } from "../ids";
import { INBOX_ITEM_NOT_FOUND } from "./messages";

/** One of the caller's brand's items; any other id is not found. */
export async function requireInboxItem(
  db: DbExecutor,
  ctx: Pick<BrandContext, "userId" | "brandId">,
  itemId: string,
): Promise<InboxItem> {
  if (!isUuid(itemId)) throw new AppError("not_found", INBOX_ITEM_NOT_FOUND);
  const [row] = await db
    .select()
    .from(inboxItems)
    .where(
      and(eq(inboxItems.id, itemId), eq(inboxItems.brandId, ctx.brandId), eq(inboxItems.userId, ctx.userId)),
    );
  if (!row) throw new AppError("not_found", INBOX_ITEM_NOT_FOUND);
  return row;
}

/**
 * Recounts a post's conversation row from its items in one aggregate, inside the caller's transaction, so
 * the list and the sidebar's badge read counts that agree with the items. Counts are of others' items not
 * removed; the activity time is the newest item's, the brand's own replies included.
 */
export async function recountThread(tx: DbExecutor, postId: string): Promise<void> {
  await tx.execute(sql`
    insert into inbox_threads (post_id, user_id, brand_id, platform, last_activity_at, total, open, unread, urgent, updated_at)
    select p.id, p.user_id, p.brand_id, p.platform, max(i.written_at),
      count(*) filter (where not i.own and i.removed_at is null)::int,
      count(*) filter (where not i.own and i.removed_at is null and i.status = 'open')::int,
      count(*) filter (where not i.own and i.removed_at is null and i.read_at is null)::int,
      count(*) filter (where not i.own and i.removed_at is null and i.status = 'open'
        and (i.question or i.sentiment = 'negative'))::int,
      now()
    from posts p join inbox_items i on i.post_id = p.id
    where p.id = ${postId}
    group by p.id
    on conflict (post_id) do update set
      last_activity_at = excluded.last_activity_at, total = excluded.total, open = excluded.open,
      unread = excluded.unread, urgent = excluded.urgent, updated_at = excluded.updated_at
  `);
}

/** Tells the brand's open pages (the inbox, the sidebar's badge) that a post's conversation changed. */
export async function publishInboxChanged(
  deps: Pick<Deps, "events">,
  ref: { userId: string; brandId: string; postId: string },
  added = 0,
): Promise<void> {
  // A signal only: what it announces is committed, so a lost signal loses nothing.
  await deps.events
    .publish(ref.userId, { type: "inbox.changed", brandId: ref.brandId, postId: ref.postId, added })
    .catch(() => {});
}

/** The brand's unread comments and those still needing a reply, summed over its conversations. */
export async function readInboxCounts(
  db: DbExecutor,
  ctx: Pick<BrandContext, "userId" | "brandId">,
): Promise<{ unread: number; needsReply: number }> {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(${inboxThreads.unread}), 0)::int`,
      needsReply: sql<number>`coalesce(sum(${inboxThreads.open}), 0)::int`,
    })
    .from(inboxThreads)
    .where(and(eq(inboxThreads.brandId, ctx.brandId), eq(inboxThreads.userId, ctx.userId)));
  return { unread: Number(row?.unread ?? 0), needsReply: Number(row?.needsReply ?? 0) };
}
