// The inbox's closed sets and messages, without zod or drizzle: the web bundle reads them too.

export const inboxSentiments = ["positive", "neutral", "negative"] as const;
export type InboxSentiment = (typeof inboxSentiments)[number];

/** open: waiting for an answer (the "needs reply" filter); done: answered, or marked done. */
export const inboxStatuses = ["open", "done"] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

/** The brand's replies: sending (recorded, the network asked), sent, failed (Retry), unconfirmed. */
export const inboxDeliveries = ["sending", "sent", "failed", "unconfirmed"] as const;
export type InboxDelivery = (typeof inboxDeliveries)[number];

/** The inbox list's filters. */
export const inboxFilters = ["needs_reply", "done", "all"] as const;
export type InboxFilter = (typeof inboxFilters)[number];

export const INBOX_ITEM_NOT_FOUND = "Comment not found";
export const REPLY_EMPTY = "Write a reply first";
export const REPLY_TOO_LONG = (limit: number) => `A reply is at most ${limit} characters here`;
export const REPLY_UNCONFIRMED =
  "Unconfirmed: the network did not answer. Check the comment there before sending again.";
export const newCommentsMessage = (count: number, excerpt: string) =>
  count === 1 ? `New comment on "${excerpt}"` : `${count} new comments on "${excerpt}"`;
