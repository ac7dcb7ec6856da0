import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DbExecutor, Deps } from "../context";
import { type InboxItem, inboxItems, type NewInboxItem, notifications, type Post, posts } from "../db/schema";
import { insertNotification, toNotificationView } from "../notifications/notification";
import type { NotificationView } from "../notifications/schemas";
import type { CommentTriage, IncomingComment } from "../ports";
import { type PostPlatform, type PublishNetwork, platformLabels } from "../posts/messages";
import { readAiBrand } from "../suggestions/suggestion";
import { publishInboxChanged, recountThread } from "./inbox-item";
import { newCommentsMessage } from "./messages";
import { LINK_PATTERN, triageCommentOffline } from "./triage-rules";

/** What one read of a network (a webhook delivery, a poll) found for one brand's connection. */
export interface IncomingBatch {
  userId: string;
  brandId: string;
  platform: PostPlatform;
  network: PublishNetwork;
  comments: IncomingComment[];
  /** Network post ids whose every comment is listed: stored ones missing are marked removed. */
  complete: string[];
  /** Comment network ids removed (a webhook's remove/delete verb). */
  removed?: string[] | undefined;
}

export interface RecordedComments {
  added: number;
  updated: number;
  removed: number;
}

type RecordDeps = Pick<Deps, "db" | "events" | "now" | "ai">;

/** Notices about one post within this long are one notice (a burst), its count kept current. */
export const NOTIFICATION_BURST_MS = 30 * 60_000;
/** How far back the same text counts as repeated. */
const REPEAT_WINDOW_MS = 7 * 24 * 3_600_000;
/** Shorter texts ("Love it!") repeat innocently; only longer ones count as repeated. */
const MIN_REPEATED_LENGTH = 15;
/** An own comment with our reply's text under the same parent within this long is our reply echoing back. */
const ECHO_WINDOW_MS = 10 * 60_000;
/** A reply sent this recently may be missing from a listing read just before it: it is not taken for removed. */
const FRESH_REPLY_MS = 2 * 60_000;
const CHUNK = 500;

export const SPAM_LINK_FROM_STRANGER = "Link from a new account";
export const SPAM_REPEATED_TEXT = "Repeated text";
export const SPAM_BY_MODEL = "Looks like spam";

/** Text PostgreSQL stores (no NUL). */
const clean = (text: string) => text.replaceAll("\u0000", "");
const cleanOrNull = (text: string | null | undefined) => (text == null ? null : clean(text));

/** The same words whatever their case and spacing: how repeated text is recognised. */
const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
const normalisedColumn = sql`lower(btrim(regexp_replace(${inboxItems.text}, '[[:space:]]+', ' ', 'g')))`;

/** The post's first words for a notice ("New comment on "Fresh croissants…""). */
function excerptOf(post: Pick<Post, "content" | "platform">): string {
  const flat = post.content.replace(/\s+/g, " ").trim();
  if (!flat) return `your ${platformLabels[post.platform]} post`;
  if (flat.length <= 40) return flat;
  const cut = flat.slice(0, 40);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The changes an incoming copy brings to a stored item (none: the same batch again). */
function changesOf(row: InboxItem, comment: IncomingComment, now: Date): Partial<NewInboxItem> | null {
  const changes: Partial<NewInboxItem> = {};
  const text = clean(comment.text);
  if (text !== row.text) {
    changes.text = text;
    changes.editedAt = comment.editedAt ?? now;
  }
  if (comment.hidden !== undefined && comment.hidden !== row.hidden) changes.hidden = comment.hidden;
  // Listed again: it is on the network after all (a listing read before it was written, say).
  if (row.removedAt !== null) changes.removedAt = null;
  if (comment.url && !row.url) changes.url = comment.url;
  if (row.own && row.delivery !== "sent" && row.delivery !== null) {
    changes.delivery = "sent";
    changes.deliveryError = null;
    changes.deliveryReason = null;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Reads new (and edited) comments with the AI provider, falling back to the offline rules. */
async function triage(
  deps: RecordDeps,
  batch: IncomingBatch,
  comments: readonly IncomingComment[],
): Promise<{ readings: CommentTriage[]; by: "ai" | "offline" }> {
  const offline = () => ({
    readings: comments.map((c) => triageCommentOffline(c.text)),
    by: "offline" as const,
  });
  if (comments.length === 0) return { readings: [], by: "offline" };
  if (deps.ai.kind === "offline") return offline();
  try {
    const { brand } = await readAiBrand({ db: deps.db, userId: batch.userId, brandId: batch.brandId });
    const readings = await deps.ai.triageComments({
      brand,
      comments: comments.map((c) => ({ text: c.text, authorName: c.authorName, own: c.own })),
    });
    if (readings.length !== comments.length) return offline();
    return { readings, by: "ai" };
  } catch {
    // The comments still arrive; the offline reading (labelled) stands in for the model's.
    return offline();
  }
}

/** Why each new comment from others looks like spam by the domain's own rules, or null. */
async function spamReasons(
  db: DbExecutor,
  batch: IncomingBatch,
  fresh: readonly IncomingComment[],
  now: Date,
): Promise<(string | null)[]> {
  const authors = [
    ...new Set(
      fresh.flatMap((c) => (c.authorExternalId && LINK_PATTERN.test(c.text) ? [c.authorExternalId] : [])),
    ),
  ];
  const known = new Set<string>();
  for (const part of chunks(authors)) {
    const rows = await db
      .selectDistinct({ author: inboxItems.authorExternalId })
      .from(inboxItems)
      .where(
        and(
          eq(inboxItems.brandId, batch.brandId),
          eq(inboxItems.network, batch.network),
          inArray(inboxItems.authorExternalId, part),
        ),
      );
    for (const row of rows) if (row.author) known.add(row.author);
  }

  const texts = [
    ...new Set(fresh.map((c) => normalise(c.text)).filter((t) => t.length >= MIN_REPEATED_LENGTH)),
  ];
  const seen = new Map<string, number>();
  for (const part of chunks(texts)) {
    const rows = await db
      .select({ text: sql<string>`${normalisedColumn}`, count: sql<number>`count(*)::int` })
      .from(inboxItems)
      .where(
        and(
          eq(inboxItems.brandId, batch.brandId),
          eq(inboxItems.own, false),
          gte(inboxItems.writtenAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
          inArray(normalisedColumn, part),
        ),
      )
      .groupBy(normalisedColumn);
    for (const row of rows) seen.set(row.text, Number(row.count));
  }

  return fresh.map((comment) => {
    const text = normalise(comment.text);
    let reason: string | null = null;
    if (text.length >= MIN_REPEATED_LENGTH) {
      const count = (seen.get(text) ?? 0) + 1;
      seen.set(text, count);
      if (count >= 2) reason = SPAM_REPEATED_TEXT;
    }
    if (!reason && LINK_PATTERN.test(comment.text)) {
      const stranger = !comment.authorExternalId || !known.has(comment.authorExternalId);
      if (stranger) reason = SPAM_LINK_FROM_STRANGER;
    }
    if (comment.authorExternalId) known.add(comment.authorExternalId);
    return reason;
  });
}

/** `a = b`, with null equal to null (a comment on the post itself has no parent). */
const sameParent = (parent: string | null): SQL =>
  parent === null ? isNull(inboxItems.parentExternalId) : eq(inboxItems.parentExternalId, parent);

/**
 * Stores what a network shows under the brand's published posts: new comments once (de-duplicated by their
 * id on the network), edits and hidden flags as updates, deletions as removed (never dropped), our own
 * replies echoing back onto the rows they were sent from. New comments are triaged (the AI provider, else
 * the offline rules) and checked for spam; each post's counts are kept in the same transaction; open pages
 * hear of each changed post, and the user gets one notice per post per burst. The same batch twice changes
 * nothing the second time.
 */
export async function recordIncomingComments(
  deps: RecordDeps,
  batch: IncomingBatch,
): Promise<RecordedComments> {
  const now = deps.now();
  const externalPostIds = [...new Set([...batch.comments.map((c) => c.postExternalId), ...batch.complete])];
  const ours: Post[] = [];
  for (const part of chunks(externalPostIds))
    ours.push(
      ...(await deps.db
        .select()
        .from(posts)
        .where(
          and(
            eq(posts.brandId, batch.brandId),
            eq(posts.userId, batch.userId),
            eq(posts.platform, batch.platform),
            inArray(posts.externalPostId, part),
          ),
        )),
    );
  const postOf = new Map(ours.map((post) => [post.externalPostId as string, post]));

  // Comments under posts that are not ours are someone else's business; the last copy of a comment wins.
  const byId = new Map<string, IncomingComment>();
  for (const comment of batch.comments)
    if (postOf.has(comment.postExternalId)) byId.set(comment.externalId, comment);
  const comments = [...byId.values()];

  const stored = new Map<string, InboxItem>();
  for (const part of chunks(comments.map((c) => c.externalId)))
    for (const row of await deps.db
      .select()
      .from(inboxItems)
      .where(
        and(
          eq(inboxItems.brandId, batch.brandId),
          eq(inboxItems.network, batch.network),
          inArray(inboxItems.externalId, part),
        ),
      ))
      if (row.externalId) stored.set(row.externalId, row);

  const edits: { row: InboxItem; comment: IncomingComment; changes: Partial<NewInboxItem> }[] = [];
  const fresh: IncomingComment[] = [];
  for (const comment of comments) {
    const row = stored.get(comment.externalId);
    if (!row) fresh.push(comment);
    else {
      const changes = changesOf(row, comment, now);
      if (changes) edits.push({ row, comment, changes });
    }
  }

  // Others' new comments and edited texts are read by the model; the brand's own are not.
  const toRead = [
    ...fresh.filter((c) => !c.own),
    ...edits.filter((e) => e.changes.text !== undefined && !e.row.own).map((e) => e.comment),
  ];
  const { readings, by } = await triage(deps, batch, toRead);
  const readingOf = new Map(toRead.map((comment, index) => [comment.externalId, readings[index]]));
  const freshOthers = fresh.filter((c) => !c.own);
  const reasons = await spamReasons(deps.db, batch, freshOthers, now);
  const reasonOf = new Map(freshOthers.map((comment, index) => [comment.externalId, reasons[index] ?? null]));

  const addedByPost = new Map<string, number>();
  const othersAddedByPost = new Map<string, number>();
  const touched = new Set<string>();
  let added = 0;
  let updated = 0;
  let removed = 0;

  const notices = await deps.db.transaction(async (tx) => {
    const newOwn: string[] = [];
    const inserts: NewInboxItem[] = [];
    for (const comment of fresh) {
      const post = postOf.get(comment.postExternalId) as Post;
      if (comment.own && (await claimEcho(tx, batch, post, comment, now))) {
        updated++;
        touched.add(post.id);
        continue;
      }
      const reading = readingOf.get(comment.externalId);
      const rule = reasonOf.get(comment.externalId) ?? null;
      const spam = !comment.own && (rule !== null || Boolean(reading?.spam));
      inserts.push({
        userId: post.userId,
        brandId: batch.brandId,
        postId: post.id,
        platform: post.platform,
        network: batch.network,
        externalId: comment.externalId,
        parentExternalId: comment.parentExternalId,
        authorExternalId: comment.authorExternalId,
        authorName: cleanOrNull(comment.authorName),
        authorHandle: cleanOrNull(comment.authorHandle),
        authorAvatarUrl: comment.authorAvatarUrl,
        text: clean(comment.text),
        url: comment.url ?? null,
        own: comment.own,
        writtenAt: comment.writtenAt,
        editedAt: comment.editedAt ?? null,
        hidden: comment.hidden ?? false,
        sentiment: comment.own ? null : (reading?.sentiment ?? null),
        question: comment.own ? false : Boolean(reading?.question),
        spam,
        spamReason: spam ? (rule ?? SPAM_BY_MODEL) : null,
        triagedBy: comment.own ? null : by,
        status: comment.own ? "done" : "open",
        readAt: comment.own ? now : null,
        delivery: comment.own ? "sent" : null,
        receivedAt: now,
        updatedAt: now,
      });
    }
    for (const part of chunks(inserts)) {
      const rows = await tx
        .insert(inboxItems)
        .values(part)
        .onConflictDoNothing({ target: [inboxItems.brandId, inboxItems.network, inboxItems.externalId] })
        .returning({ id: inboxItems.id, postId: inboxItems.postId, own: inboxItems.own });
      for (const row of rows) {
        added++;
        touched.add(row.postId);
        addedByPost.set(row.postId, (addedByPost.get(row.postId) ?? 0) + 1);
        if (row.own) newOwn.push(row.id);
        else othersAddedByPost.set(row.postId, (othersAddedByPost.get(row.postId) ?? 0) + 1);
      }
    }

    for (const { row, comment, changes } of edits) {
      const reading = changes.text !== undefined ? readingOf.get(comment.externalId) : undefined;
      if (reading) {
        changes.sentiment = reading.sentiment;
        changes.question = reading.question;
        changes.triagedBy = by;
        if (reading.spam && !row.spam) {
          changes.spam = true;
          changes.spamReason = SPAM_BY_MODEL;
        }
      }
      await tx
        .update(inboxItems)
        .set({ ...changes, updatedAt: now })
        .where(eq(inboxItems.id, row.id));
      updated++;
      touched.add(row.postId);
    }

    // A post listed whole: what we hold of it and the network no longer shows was removed there.
    for (const externalPostId of batch.complete) {
      const post = postOf.get(externalPostId);
      if (!post) continue;
      const listed = comments.filter((c) => c.postExternalId === externalPostId).map((c) => c.externalId);
      const rows = await tx
        .update(inboxItems)
        .set({ removedAt: now, updatedAt: now })
        .where(
          and(
            eq(inboxItems.postId, post.id),
            eq(inboxItems.network, batch.network),
            isNull(inboxItems.removedAt),
            isNotNull(inboxItems.externalId),
            listed.length > 0 ? notInArray(inboxItems.externalId, listed) : undefined,
            // Our reply still in flight, or sent after the listing was read, is not gone.
            or(
              eq(inboxItems.own, false),
              isNull(inboxItems.deliveryAttemptAt),
              lt(inboxItems.deliveryAttemptAt, new Date(now.getTime() - FRESH_REPLY_MS)),
            ),
            sql`${inboxItems.delivery} is distinct from 'sending'`,
          ),
        )
        .returning({ postId: inboxItems.postId });
      removed += rows.length;
      if (rows.length > 0) touched.add(post.id);
    }

    for (const part of chunks([...new Set(batch.removed ?? [])])) {
      const rows = await tx
        .update(inboxItems)
        .set({ removedAt: now, updatedAt: now })
        .where(
          and(
            eq(inboxItems.brandId, batch.brandId),
            eq(inboxItems.network, batch.network),
            inArray(inboxItems.externalId, part),
            isNull(inboxItems.removedAt),
          ),
        )
        .returning({ postId: inboxItems.postId });
      removed += rows.length;
      for (const row of rows) touched.add(row.postId);
    }

    if (added > 0) await linkReplies(tx, [...addedByPost.keys()]);
    // A reply the brand made on the network answers what it replies to.
    for (const part of chunks(newOwn))
      await tx.execute(sql`
        update inbox_items set status = 'done', read_at = coalesce(read_at, ${now.toISOString()}::timestamptz), updated_at = ${now.toISOString()}::timestamptz
        where not own and status = 'open' and id in (
          select reply_to_id from inbox_items
          where reply_to_id is not null and id in (${sql.join(
            part.map((id) => sql`${id}`),
            sql`, `,
          )}))
      `);

    for (const postId of touched) await recountThread(tx, postId);

    const created: NotificationView[] = [];
    const changed: string[] = [];
    for (const [postId, count] of othersAddedByPost) {
      const post = ours.find((candidate) => candidate.id === postId) as Post;
      const notice = await notifyBurst(tx, batch.userId, post, count, now);
      if (notice.created) created.push(notice.created);
      if (notice.updated) changed.push(notice.updated);
    }
    return { created, changed };
  });

  for (const postId of touched)
    await publishInboxChanged(
      deps,
      { userId: batch.userId, brandId: batch.brandId, postId },
      othersAddedByPost.get(postId) ?? 0,
    );
  for (const notification of notices.created)
    await deps.events
      .publish(batch.userId, {
        type: "notification.created",
        notification: {
          id: notification.id,
          message: notification.message,
          kind: notification.type,
          createdAt: notification.createdAt,
        },
      })
      .catch(() => {});
  if (notices.changed.length > 0)
    await deps.events
      .publish(batch.userId, { type: "notification.updated", ids: notices.changed })
      .catch(() => {});
  return { added, updated, removed };
}

/**
 * Our own reply echoing back before its answer was stored (the network's echo raced the send, or the answer
 * was lost): the row it was sent from takes the network's id instead of a second copy being added.
 */
async function claimEcho(
  tx: DbExecutor,
  batch: IncomingBatch,
  post: Post,
  comment: IncomingComment,
  now: Date,
): Promise<boolean> {
  const written = comment.writtenAt.getTime();
  const [row] = await tx
    .select({ id: inboxItems.id })
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.postId, post.id),
        eq(inboxItems.network, batch.network),
        eq(inboxItems.own, true),
        isNull(inboxItems.externalId),
        sameParent(comment.parentExternalId),
        eq(inboxItems.text, clean(comment.text)),
        gte(inboxItems.deliveryAttemptAt, new Date(written - ECHO_WINDOW_MS)),
        lt(inboxItems.deliveryAttemptAt, new Date(written + ECHO_WINDOW_MS)),
      ),
    )
    .orderBy(desc(inboxItems.deliveryAttemptAt))
    .limit(1);
  if (!row) return false;
  await tx
    .update(inboxItems)
    .set({
      externalId: comment.externalId,
      url: comment.url ?? null,
      delivery: "sent",
      deliveryError: null,
      deliveryReason: null,
      updatedAt: now,
    })
    .where(eq(inboxItems.id, row.id));
  return true;
}

/** Points each reply of these posts at the stored item it answers (they may arrive in any order). */
async function linkReplies(tx: DbExecutor, postIds: readonly string[]): Promise<void> {
  for (const part of chunks(postIds))
    await tx.execute(sql`
      update inbox_items c set reply_to_id = p.id
      from inbox_items p
      where c.post_id in (${sql.join(
        part.map((id) => sql`${id}`),
        sql`, `,
      )})
        and c.reply_to_id is null and c.parent_external_id is not null
        and p.brand_id = c.brand_id and p.network = c.network and p.external_id = c.parent_external_id
        and p.id <> c.id
    `);
}

/**
 * One notice per post per burst: an unread notice about the post from the last 30 minutes is updated with
 * the count since it was made; otherwise a new one.
 */
async function notifyBurst(
  tx: DbExecutor,
  userId: string,
  post: Post,
  added: number,
  now: Date,
): Promise<{ created?: NotificationView; updated?: string }> {
  const topic = `inbox:${post.id}`;
  const [open] = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.topic, topic),
        eq(notifications.read, false),
        gte(notifications.createdAt, new Date(now.getTime() - NOTIFICATION_BURST_MS)),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1)
    .for("update");
  if (!open) {
    const created = await insertNotification(tx, userId, {
      message: newCommentsMessage(added, excerptOf(post)),
      type: "info",
      createdAt: now,
      topic,
    });
    return { created };
  }
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.postId, post.id),
        eq(inboxItems.own, false),
        gte(inboxItems.receivedAt, open.createdAt),
      ),
    );
  const count = Math.max(Number(row?.count ?? 0), added);
  const [changed] = await tx
    .update(notifications)
    .set({ message: newCommentsMessage(count, excerptOf(post)) })
    .where(eq(notifications.id, open.id))
    .returning();
  return changed ? { updated: toNotificationView(changed).id } : {};
}
