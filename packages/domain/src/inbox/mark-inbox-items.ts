import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { BrandContext } from "../context";
import { inboxItems } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { requireBrandPost } from "../posts/post";
import { publishInboxChanged, readInboxCounts, recountThread } from "./inbox-item";
import { INBOX_ITEM_NOT_FOUND } from "./messages";
import { type inboxCountsView, markInboxItemsDoneInput, markInboxReadInput } from "./schemas";

/** The brand's items with these ids, or not found when any is not the brand's (nothing changed then). */
async function requireBrandItems(ctx: BrandContext, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: inboxItems.id, postId: inboxItems.postId, own: inboxItems.own })
    .from(inboxItems)
    .where(
      and(
        inArray(inboxItems.id, unique),
        eq(inboxItems.brandId, ctx.brandId),
        eq(inboxItems.userId, ctx.userId),
      ),
    );
  if (rows.length !== unique.length) throw new AppError("not_found", INBOX_ITEM_NOT_FOUND);
  return rows;
}

/**
 * Marks comments done (no reply needed; read as well), or open again with done: false. The brand's own
 * replies are always done and are left as they are. Returns how many changed.
 */
export async function markInboxItemsDone(
  ctx: BrandContext,
  rawInput: z.input<typeof markInboxItemsDoneInput>,
): Promise<{ updated: number }> {
  const input = parseInput(markInboxItemsDoneInput, rawInput);
  const done = input.done ?? true;
  const rows = (await requireBrandItems(ctx, input.itemIds)).filter((row) => !row.own);
  if (rows.length === 0) return { updated: 0 };
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(inboxItems)
      .set({
        status: done ? "done" : "open",
        ...(done ? { readAt: sql`coalesce(${inboxItems.readAt}, ${now.toISOString()}::timestamptz)` } : {}),
        updatedAt: now,
      })
      .where(
        and(
          inArray(
            inboxItems.id,
            rows.map((row) => row.id),
          ),
          eq(inboxItems.status, done ? "open" : "done"),
        ),
      )
      .returning({ postId: inboxItems.postId });
    const postIds = [...new Set(updated.map((row) => row.postId))];
    for (const postId of postIds) await recountThread(tx, postId);
    return { count: updated.length, postIds };
  });
  for (const postId of changed.postIds)
    await publishInboxChanged(ctx, { userId: ctx.userId, brandId: ctx.brandId, postId });
  return { updated: changed.count };
}

/** Marks a post's comments (or the given ones) read; answers the brand's counts after. */
export async function markInboxRead(
  ctx: BrandContext,
  rawInput: z.input<typeof markInboxReadInput>,
): Promise<z.output<typeof inboxCountsView>> {
  const input = parseInput(markInboxReadInput, rawInput);
  const post = input.postId ? await requireBrandPost(ctx.db, ctx, input.postId) : null;
  const items = input.itemIds?.length ? await requireBrandItems(ctx, input.itemIds) : [];
  const now = ctx.now();
  const postIds = await ctx.db.transaction(async (tx) => {
    const touched = new Set<string>();
    if (post) {
      const rows = await tx
        .update(inboxItems)
        .set({ readAt: now, updatedAt: now })
        .where(and(eq(inboxItems.postId, post.id), isNull(inboxItems.readAt)))
        .returning({ postId: inboxItems.postId });
      for (const row of rows) touched.add(row.postId);
    }
    if (items.length > 0) {
      const rows = await tx
        .update(inboxItems)
        .set({ readAt: now, updatedAt: now })
        .where(
          and(
            inArray(
              inboxItems.id,
              items.map((row) => row.id),
            ),
            isNull(inboxItems.readAt),
          ),
        )
        .returning({ postId: inboxItems.postId });
      for (const row of rows) touched.add(row.postId);
    }
    for (const postId of touched) await recountThread(tx, postId);
    return [...touched];
  });
  for (const postId of postIds)
    await publishInboxChanged(ctx, { userId: ctx.userId, brandId: ctx.brandId, postId });
  return readInboxCounts(ctx.db, ctx);
}
