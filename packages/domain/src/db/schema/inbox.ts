import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { inboxDeliveries, inboxSentiments, inboxStatuses } from "../../inbox/messages";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, primaryId, timestamptz, updatedAt } from "./columns";
import { platformColumn, publishNetworkColumn } from "./enums";
import { posts } from "./posts";

/**
 * What came back under a published post (issue 33): comments and replies read from the network (webhooks,
 * polling), and the brand's own replies, sent from the inbox or the chat. One row per item the network
 * knows, de-duplicated by its id on that network; the brand's reply is written before the network is asked
 * (`delivery` sending, its `delivery_marker` the attempt), so a lost answer is settled, never sent twice.
 */
export const inboxItems = pgTable(
  "inbox_items",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    platform: platformColumn("platform").notNull(),
    network: publishNetworkColumn("network").notNull(),
    /** The network's id of the comment; null only while the brand's own reply has not been answered yet. */
    externalId: text("external_id"),
    /** The comment it answers on the network; null for a comment on the post itself. */
    parentExternalId: text("parent_external_id"),
    authorExternalId: text("author_external_id"),
    authorName: text("author_name"),
    authorHandle: text("author_handle"),
    authorAvatarUrl: text("author_avatar_url"),
    text: text("text").notNull(),
    /** Its public address on the network, when it has one. */
    url: text("url"),
    /** Written by the brand itself: a reply sent from here, or one made on the network that echoed back. */
    own: boolean("own").default(false).notNull(),
    /** When it was written, as the network says. */
    writtenAt: timestamptz("written_at").notNull(),
    editedAt: timestamptz("edited_at"),
    /** Gone from the network (deleted there, or by the brand): shown as removed, never dropped silently. */
    removedAt: timestamptz("removed_at"),
    hidden: boolean("hidden").default(false).notNull(),
    liked: boolean("liked").default(false).notNull(),
    /** Triage: the AI provider's (or the offline lexicon's) reading; null until read. */
    sentiment: text("sentiment", { enum: inboxSentiments }),
    question: boolean("question").default(false).notNull(),
    spam: boolean("spam").default(false).notNull(),
    /** Why it looks like spam ("link from an account that never wrote before", "repeated text"). */
    spamReason: text("spam_reason"),
    /** Which model triaged it: "ai" or "offline" (the screen labels the offline one). */
    triagedBy: text("triaged_by"),
    /** open: needs a reply; done: answered or marked done. The brand's own items are always done. */
    status: text("status", { enum: inboxStatuses }).default("open").notNull(),
    readAt: timestamptz("read_at"),
    /** The brand's replies: how sending went (null for what others wrote). */
    delivery: text("delivery", { enum: inboxDeliveries }),
    deliveryMarker: uuid("delivery_marker"),
    deliveryAttemptAt: timestamptz("delivery_attempt_at"),
    deliveryError: text("delivery_error"),
    deliveryReason: text("delivery_reason"),
    /** The member who sent it (the brand's replies). */
    sentByUserId: text("sent_by_user_id"),
    /** Our item it answers (a reply's parent), when it is stored. */
    replyToId: uuid("reply_to_id"),
    receivedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("inbox_items_brand_network_external_id_key").on(t.brandId, t.network, t.externalId),
    // A conversation's items newest first (read backward), a few per post for the inbox's page.
    index("inbox_items_post_id_written_at_id_idx").on(t.postId, t.writtenAt, t.id),
    // "Needs reply" a few per post: others' open comments still on the network, questions and negatives
    // first, then newest (the order listInboxItems reads them in, so a page reads 5 rows a post, not all).
    index("inbox_items_needs_reply_idx")
      .on(
        t.postId,
        sql`(${t.question} or ${t.sentiment} = 'negative') desc`,
        sql`${t.writtenAt} desc`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.status} = 'open' and not ${t.own} and ${t.removedAt} is null`),
    // Search and triage over a brand's items, newest first.
    index("inbox_items_brand_id_written_at_idx").on(t.brandId, t.writtenAt),
    // The repeated-text check of spam: the same words from anyone on the brand lately.
    index("inbox_items_brand_id_text_idx").on(t.brandId, sql`md5(${t.text})`),
    // Replies still in flight, for the sweep that settles interrupted sends (few rows at any time).
    index("inbox_items_delivery_sending_idx").on(t.deliveryAttemptAt).where(sql`${t.delivery} = 'sending'`),
  ],
);

/**
 * One row per post with anything in its inbox: the counts the inbox's list, filters and the sidebar's badge
 * read, kept by the domain each time an item of the post changes (so a brand with 100,000 comments lists
 * its conversations from an index, not by grouping every comment).
 */
export const inboxThreads = pgTable(
  "inbox_threads",
  {
    postId: uuid("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    platform: platformColumn("platform").notNull(),
    /** The newest item's time (what the list is ordered by). */
    lastActivityAt: timestamptz("last_activity_at").notNull(),
    /** Items from others, not removed. */
    total: integer("total").default(0).notNull(),
    /** Of those: not done (needs a reply). */
    open: integer("open").default(0).notNull(),
    /** Of those: not read yet. */
    unread: integer("unread").default(0).notNull(),
    /** Of the open ones: questions or negative (what "needs reply" puts first). */
    urgent: integer("urgent").default(0).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("inbox_threads_brand_id_last_activity_idx").on(t.brandId, t.lastActivityAt, t.postId),
    index("inbox_threads_brand_id_open_idx")
      .on(t.brandId, t.lastActivityAt, t.postId)
      .where(sql`${t.open} > 0`),
    index("inbox_threads_brand_id_unread_idx").on(t.brandId).where(sql`${t.unread} > 0`),
  ],
);

/**
 * Webhook deliveries already taken (Meta re-sends for 36 hours and sends duplicates): the key is the field,
 * the comment's id, the verb and its time. Old keys are swept after the network's retry window.
 */
export const inboxWebhookEvents = pgTable(
  "inbox_webhook_events",
  {
    key: text("key").primaryKey(),
    receivedAt: createdAt(),
  },
  (t) => [index("inbox_webhook_events_received_at_idx").on(t.receivedAt)],
);

/**
 * When each published post's comments are read next (polling: the networks without webhooks, and the
 * webhooks' backstop). Young posts are read often, old ones rarely, none after their window.
 */
export const inboxPolls = pgTable(
  "inbox_polls",
  {
    postId: uuid("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    platform: platformColumn("platform").notNull(),
    nextPollAt: timestamptz("next_poll_at").notNull(),
    lastPolledAt: timestamptz("last_polled_at"),
    /** A provider's place in its listing (a notifications cursor), handed back on the next read. */
    cursor: text("cursor"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("inbox_polls_next_poll_at_idx").on(t.nextPollAt)],
);

/**
 * Calls spent reading one account's comments in the current window, shared by every server instance: the
 * poller asks for its calls here first, so polling stays inside each network's rate limit however many
 * instances poll.
 */
export const inboxCallBudgets = pgTable("inbox_call_budgets", {
  /** `${network}:${external account id}`. */
  account: text("account").primaryKey(),
  windowStart: timestamptz("window_start").notNull(),
  calls: integer("calls").default(0).notNull(),
});

export type InboxItem = typeof inboxItems.$inferSelect;
export type NewInboxItem = typeof inboxItems.$inferInsert;
export type InboxThread = typeof inboxThreads.$inferSelect;
export type InboxPoll = typeof inboxPolls.$inferSelect;
