import { z } from "zod";
import { postPlatforms } from "../posts/messages";
import { safeText } from "../text";
import {
  INBOX_ITEM_NOT_FOUND,
  inboxDeliveries,
  inboxFilters,
  inboxSentiments,
  inboxStatuses,
  REPLY_EMPTY,
} from "./messages";

/** The most a reply may hold anywhere; each network's own limit (descriptor.capabilities.inbox) is checked too. */
export const MAX_REPLY_LENGTH = 8_000;
/** Conversations per page of the inbox list. */
export const INBOX_PAGE_SIZE = 20;
/** Items shown per conversation in the list, a preview (getInboxThread has all of them). */
export const INBOX_ITEMS_PER_THREAD = 5;

const itemId = z.uuid({ error: INBOX_ITEM_NOT_FOUND });
const postId = z.uuid({ error: "Post not found" });

export const inboxItemView = z
  .object({
    id: z.string(),
    postId: z.string(),
    platform: z.enum(postPlatforms),
    /** The provider it came through ("sandbox" is labelled Sandbox on screen). */
    network: z.string(),
    /** Our item it answers (null: a comment on the post itself, or its parent is not stored). */
    replyToId: z.string().nullable(),
    author: z.object({
      name: z.string().nullable(),
      handle: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    }),
    text: z.string(),
    url: z.string().nullable(),
    /** Written by the brand (a reply sent from here, or one made on the network). */
    own: z.boolean(),
    writtenAt: z.string(),
    editedAt: z.string().nullable(),
    /** Deleted on the network, or by the brand: shown as removed. */
    removedAt: z.string().nullable(),
    hidden: z.boolean(),
    liked: z.boolean(),
    sentiment: z.enum(inboxSentiments).nullable(),
    question: z.boolean(),
    spam: z.boolean(),
    spamReason: z.string().nullable(),
    /** Which model read it: "ai" or "offline" (labelled on screen); null until read. */
    triagedBy: z.enum(["ai", "offline"]).nullable(),
    status: z.enum(inboxStatuses),
    read: z.boolean(),
    /** The brand's replies: how sending went; null for what others wrote. */
    delivery: z.enum(inboxDeliveries).nullable(),
    deliveryError: z.string().nullable(),
    deliveryReason: z.string().nullable(),
    /** What the caller may do with it now (computed in the domain from the network and the item). */
    can: z.object({
      reply: z.boolean(),
      hide: z.boolean(),
      unhide: z.boolean(),
      delete: z.boolean(),
      like: z.boolean(),
      markDone: z.boolean(),
      /** Open a done comment again (others' comments still on the network). */
      reopen: z.boolean(),
      retry: z.boolean(),
    }),
  })
  .meta({ id: "InboxItem", description: "A comment or reply under one of the brand's published posts." });
export type InboxItemView = z.infer<typeof inboxItemView>;

export const inboxPostView = z
  .object({
    id: z.string(),
    platform: z.enum(postPlatforms),
    content: z.string(),
    /** The first image (or a video's poster), signed. */
    thumbnailUrl: z.string().nullable(),
    externalUrl: z.string().nullable(),
    postedAt: z.string().nullable(),
    format: z.string(),
  })
  .meta({ id: "InboxPost", description: "The post a conversation is under." });
export type InboxPostView = z.infer<typeof inboxPostView>;

export const inboxThreadView = z
  .object({
    post: inboxPostView,
    /** Newest first, at most `itemsPerThread` (INBOX_ITEMS_PER_THREAD) matching the filter ("needs reply": questions and negatives first). */
    items: z.array(inboxItemView),
    lastActivityAt: z.string(),
    /** Comments from others (not removed). */
    total: z.number().int(),
    /** Of those, still needing a reply. */
    open: z.number().int(),
    unread: z.number().int(),
    /** Of the open ones, questions and negatives. */
    urgent: z.number().int(),
  })
  .meta({ id: "InboxThread", description: "A post's conversation in the inbox." });
export type InboxThreadView = z.infer<typeof inboxThreadView>;

export const listInboxItemsInput = z.object({
  /** needs_reply (default): open comments, questions and negatives first; done; all. */
  status: z.enum(inboxFilters).optional(),
  platform: z.enum(postPlatforms).optional(),
  /** Words in the comment, its author's name or handle, or the post's text. */
  query: safeText().trim().max(200).optional(),
  /** Only this post's conversation. */
  postId: postId.optional(),
  /** Only items from this time on (ISO): "new comments since yesterday". */
  since: z.iso.datetime({ offset: true }).optional(),
  /** The `nextBefore` of the page before. */
  before: safeText().max(200).optional(),
  limit: z.number().int().min(1).max(50).optional(),
  /** How many items each conversation shows, newest (or most urgent) first: a preview of 5 by default. */
  itemsPerThread: z.number().int().min(1).max(50).optional(),
});
export type ListInboxItemsInput = z.input<typeof listInboxItemsInput>;

export const inboxPageView = z
  .object({
    threads: z.array(inboxThreadView),
    /** Pass as `before` for the next page; null on the last. */
    nextBefore: z.string().nullable(),
    /** The brand's unread comments, all conversations (the sidebar's badge). */
    unread: z.number().int(),
    /** The brand's comments still needing a reply. */
    needsReply: z.number().int(),
  })
  .meta({ id: "InboxPage" });
export type InboxPageView = z.infer<typeof inboxPageView>;

export const getInboxThreadInput = z
  .object({ postId: postId.optional(), itemId: itemId.optional() })
  .refine((input) => Boolean(input.postId || input.itemId), { message: "Give a post or a comment" });

export const inboxThreadDetailView = z
  .object({
    post: inboxPostView,
    /** Every item of the post's conversation, oldest first (replies follow what they answer). */
    items: z.array(inboxItemView),
    unread: z.number().int(),
    open: z.number().int(),
    /** What the network lets be done here (null: comments cannot be read on it). */
    capabilities: z
      .object({
        hide: z.boolean(),
        delete: z.boolean(),
        like: z.boolean(),
        maxReplyLength: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: "InboxThreadDetail" });
export type InboxThreadDetailView = z.infer<typeof inboxThreadDetailView>;

export const inboxCountsView = z
  .object({ unread: z.number().int(), needsReply: z.number().int() })
  .meta({ id: "InboxCounts" });

export const draftReplyInput = z.object({
  itemId,
  /** What the reply should say or do ("thank her and mention Friday"); absent: a fitting answer. */
  instructions: safeText().trim().max(500).optional(),
});
export const replyDraftView = z
  .object({
    itemId: z.string(),
    text: z.string(),
    /** Which model wrote it: "ai" or "offline" (the screen labels the offline one). */
    model: z.enum(["ai", "offline"]),
    maxLength: z.number().int(),
  })
  .meta({ id: "ReplyDraft" });
export type ReplyDraftView = z.infer<typeof replyDraftView>;

export const sendReplyInput = z.object({
  itemId,
  text: safeText().trim().min(1, REPLY_EMPTY).max(MAX_REPLY_LENGTH),
});
export const retryReplyInput = z.object({ replyId: itemId });
export const hideCommentInput = z.object({
  itemId,
  /** false shows it again. */
  hidden: z.boolean().optional(),
});
export const commentInput = z.object({ itemId });
export const markInboxItemsDoneInput = z.object({
  itemIds: z.array(itemId).min(1, "Choose at least one comment").max(200),
  /** false opens them again. */
  done: z.boolean().optional(),
});
export const markInboxReadInput = z
  .object({ postId: postId.optional(), itemIds: z.array(itemId).max(200).optional() })
  .refine((input) => Boolean(input.postId || input.itemIds?.length), {
    message: "Give a post or comments",
  });

export const responseStatsInput = z.object({
  /** How many weeks back, this one included (default 8). */
  weeks: z.number().int().min(1).max(52).optional(),
});
export const responseStatsView = z
  .object({
    weeks: z.array(
      z.object({
        /** Monday 00:00 UTC of the week (ISO). */
        weekStart: z.string(),
        /** Comments from others that week. */
        comments: z.number().int(),
        /** The brand's replies sent that week. */
        replies: z.number().int(),
        /** Median minutes from a comment to the brand's first reply to it, among those answered; null: none. */
        medianFirstReplyMinutes: z.number().nullable(),
      }),
    ),
    replies: z.number().int(),
    medianFirstReplyMinutes: z.number().nullable(),
  })
  .meta({ id: "ResponseStats" });
