import type {
  InboxFilter,
  InboxItemView,
  InboxPageView,
  InboxThreadView,
  ListInboxItemsInput,
  PostPlatform,
} from "@smm/domain/web";

/*
 * The inbox screen's pure logic (no React): what is asked of listInboxItems, how a thread is laid out
 * (replies under what they answer), how the keyboard moves through the list, and the words and badges an
 * item shows. Kept apart so tests/unit/inbox-*.test.ts read it without a browser.
 */

// ---- filters ----

export interface InboxFilters {
  status: InboxFilter;
  platform: PostPlatform | "all";
  query: string;
}

export const DEFAULT_INBOX_FILTERS: InboxFilters = { status: "needs_reply", platform: "all", query: "" };
export const INBOX_SEARCH_DEBOUNCE_MS = 300;

export const STATUS_TABS: { value: InboxFilter; label: string }[] = [
  { value: "needs_reply", label: "Needs reply" },
  { value: "done", label: "Done" },
  { value: "all", label: "All" },
];

/** listInboxItems' input for one page of the list (`before` is the previous page's nextBefore). */
export function toListInboxInput(filters: InboxFilters, before: string | null): ListInboxItemsInput {
  const query = filters.query.trim();
  return {
    status: filters.status,
    ...(filters.platform !== "all" ? { platform: filters.platform } : {}),
    ...(query ? { query } : {}),
    ...(before ? { before } : {}),
  };
}

export const isNarrowed = (filters: InboxFilters) =>
  filters.platform !== "all" || filters.query.trim() !== "";

/** The empty list's words: what this filter would show, and whether a search or network hides the rest. */
export function emptyInboxText(filters: InboxFilters): { title: string; description: string } {
  if (isNarrowed(filters))
    return {
      title: "No comments match",
      description: "Nothing under these filters. Try other words or all networks.",
    };
  if (filters.status === "needs_reply")
    return {
      title: "No comments need a reply",
      description: "You are all caught up. New comments under your published posts appear here.",
    };
  if (filters.status === "done")
    return {
      title: "Nothing done yet",
      description: "Comments you answer or mark done are kept here.",
    };
  return {
    title: "Nothing here yet — comments under your published posts appear here",
    description: "Publish a post to a connected network; its comments and replies arrive on their own.",
  };
}

/** The list's conversations across its pages, each post once (a new comment can move one to page one). */
export function flattenThreads(pages: readonly Pick<InboxPageView, "threads">[]): InboxThreadView[] {
  const seen = new Set<string>();
  const threads: InboxThreadView[] = [];
  for (const page of pages)
    for (const thread of page.threads) {
      if (seen.has(thread.post.id)) continue;
      seen.add(thread.post.id);
      threads.push(thread);
    }
  return threads;
}

// ---- a thread's layout ----

export interface ThreadRow {
  item: InboxItemView;
  /** How far it is indented: 0 for a comment on the post, 1 for a reply to it, and so on (capped). */
  depth: number;
}

/** Deeper replies are drawn at this depth: past it the indentation only eats a phone's width. */
export const MAX_THREAD_DEPTH = 3;

const byWrittenAt = (a: InboxItemView, b: InboxItemView) =>
  a.writtenAt === b.writtenAt ? a.id.localeCompare(b.id) : a.writtenAt < b.writtenAt ? -1 : 1;

/**
 * The conversation as it reads: comments oldest first, each followed by its replies (oldest first), indented
 * under what they answer. A reply whose parent is not stored stands as a comment of its own.
 */
export function arrangeThread(items: readonly InboxItemView[]): ThreadRow[] {
  const ids = new Set(items.map((item) => item.id));
  const children = new Map<string, InboxItemView[]>();
  const roots: InboxItemView[] = [];
  for (const item of items) {
    const parent =
      item.replyToId && item.replyToId !== item.id && ids.has(item.replyToId) ? item.replyToId : null;
    if (!parent) roots.push(item);
    else children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const rows: ThreadRow[] = [];
  const placed = new Set<string>();
  const visit = (item: InboxItemView, depth: number) => {
    if (placed.has(item.id)) return;
    placed.add(item.id);
    rows.push({ item, depth: Math.min(depth, MAX_THREAD_DEPTH) });
    for (const child of [...(children.get(item.id) ?? [])].sort(byWrittenAt)) visit(child, depth + 1);
  };
  for (const root of [...roots].sort(byWrittenAt)) visit(root, 0);
  // Items caught in a reply loop (data from a network is not trusted to be a tree) still show, at the end.
  for (const item of [...items].sort(byWrittenAt)) visit(item, 0);
  return rows;
}

/** Comments from others still on the network (the count the post details show). */
export const countComments = (items: readonly InboxItemView[]) =>
  items.filter((item) => !item.own && !item.removedAt).length;

/**
 * Whom the reply box answers: the selected item when it can be answered, else the newest comment from
 * someone else that can (open ones first), else nobody.
 */
export function pickReplyTarget(
  items: readonly InboxItemView[],
  selectedId: string | null,
): InboxItemView | null {
  const selected = selectedId ? items.find((item) => item.id === selectedId) : undefined;
  if (selected?.can.reply) return selected;
  const answerable = items.filter((item) => !item.own && item.can.reply);
  const newest = (list: InboxItemView[]) => [...list].sort(byWrittenAt).at(-1) ?? null;
  return newest(answerable.filter((item) => item.status === "open")) ?? newest(answerable);
}

// ---- keyboard ----

/** One row the keyboard can stop at: an item in the list and the conversation it belongs to. */
export interface NavEntry {
  itemId: string;
  postId: string;
}

export interface InboxNav {
  /** The open conversation (the page's ?post=). */
  postId: string | null;
  /** The selected item (the focus ring; what r answers and e marks done). */
  itemId: string | null;
  /**
   * Where the selection last stood in the list: when the selected item leaves it (marked done under
   * "Needs reply"), j and k carry on from there instead of jumping to the top.
   */
  index: number;
}

export type InboxNavAction =
  | { type: "move"; delta: 1 | -1; entries: readonly NavEntry[] }
  | { type: "select"; itemId: string; postId: string; entries: readonly NavEntry[] }
  | { type: "open"; postId: string | null; entries: readonly NavEntry[] }
  | { type: "done"; entries: readonly NavEntry[] };

export const initialInboxNav = (postId: string | null): InboxNav => ({ postId, itemId: null, index: -1 });

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

function stopAt(entries: readonly NavEntry[], index: number): InboxNav {
  const entry = entries[index] as NavEntry;
  return { postId: entry.postId, itemId: entry.itemId, index };
}

/** The page's selection under j / k, clicks, opening a conversation, and e (mark done, then the next one). */
export function reduceInboxNav(state: InboxNav, action: InboxNavAction): InboxNav {
  const { entries } = action;
  const at = state.itemId ? entries.findIndex((entry) => entry.itemId === state.itemId) : -1;
  switch (action.type) {
    case "move": {
      if (entries.length === 0) return state;
      const last = entries.length - 1;
      if (at >= 0) return stopAt(entries, clamp(at + action.delta, last));
      // The selection left the list: the row now at its old place is the next one, the one above it the previous.
      if (state.index < 0) return stopAt(entries, action.delta > 0 ? 0 : last);
      return stopAt(entries, clamp(action.delta > 0 ? state.index : state.index - 1, last));
    }
    case "select": {
      const index = entries.findIndex((entry) => entry.itemId === action.itemId);
      return { postId: action.postId, itemId: action.itemId, index: index >= 0 ? index : state.index };
    }
    case "open": {
      if (action.postId === state.postId) return state;
      if (!action.postId) return { ...state, postId: null };
      const index = entries.findIndex((entry) => entry.postId === action.postId);
      return index >= 0
        ? stopAt(entries, index)
        : { postId: action.postId, itemId: null, index: state.index };
    }
    case "done": {
      // Like archiving a mail: the next row is selected; the last one stays (it leaves the list on its own).
      if (at < 0 || at >= entries.length - 1) return at >= 0 ? { ...state, index: at } : state;
      return stopAt(entries, at + 1);
    }
  }
}

export type InboxKeyCommand = "next" | "previous" | "reply" | "done";

const KEY_COMMANDS: Record<string, InboxKeyCommand> = { j: "next", k: "previous", r: "reply", e: "done" };

/** Whether keys typed here are text (a field, an editable element) rather than the page's shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== "object" || !("tagName" in target)) return false;
  const element = target as { tagName: string; isContentEditable?: boolean };
  const tag = element.tagName.toLowerCase();
  return tag === "input" || tag === "textarea" || tag === "select" || element.isContentEditable === true;
}

/** The page's shortcut for a key press, or null (typing in a field, a modifier held, another key). */
export function readInboxKey(event: {
  key: string;
  target: EventTarget | null;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): InboxKeyCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null;
  return KEY_COMMANDS[event.key] ?? null;
}

/** The list's rows in the order j walks them: each conversation's items as the list shows them. */
export const toNavEntries = (threads: readonly InboxThreadView[]): NavEntry[] =>
  threads.flatMap((thread) => thread.items.map((item) => ({ itemId: item.id, postId: thread.post.id })));

// ---- words and badges ----

export type BadgeTone = "question" | "negative" | "positive" | "spam" | "muted" | "sandbox";

export interface ItemBadge {
  key: string;
  label: string;
  tone: BadgeTone;
  /** Said on hover and to screen readers (the spam reason). */
  detail?: string;
}

/** The badges an item carries, in the order they are drawn. */
export function itemBadges(item: InboxItemView): ItemBadge[] {
  const badges: ItemBadge[] = [];
  if (item.removedAt) badges.push({ key: "removed", label: "Removed", tone: "muted" });
  if (item.hidden) badges.push({ key: "hidden", label: "Hidden", tone: "muted" });
  if (!item.own) {
    if (item.question) badges.push({ key: "question", label: "Question", tone: "question" });
    if (item.sentiment === "negative") badges.push({ key: "negative", label: "Negative", tone: "negative" });
    if (item.sentiment === "positive") badges.push({ key: "positive", label: "Positive", tone: "positive" });
    if (item.spam)
      badges.push({
        key: "spam",
        label: "Spam",
        tone: "spam",
        detail: item.spamReason ? `Looks like spam: ${item.spamReason}` : "Looks like spam",
      });
  }
  if (item.network === "sandbox")
    badges.push({
      key: "sandbox",
      label: "Sandbox",
      tone: "sandbox",
      detail: "From the offline sandbox, not a real network",
    });
  return badges;
}

export interface DeliveryLabel {
  state: NonNullable<InboxItemView["delivery"]>;
  label: string;
  /** The network's reason (failed) or what to check (unconfirmed). */
  detail: string | null;
}

/** How the brand's own reply went, in words; null for what others wrote and replies made on the network. */
export function deliveryLabel(item: InboxItemView): DeliveryLabel | null {
  switch (item.delivery) {
    case null:
      return null;
    case "sending":
      return { state: "sending", label: "Sending…", detail: null };
    case "sent":
      return { state: "sent", label: "Sent", detail: null };
    case "failed":
      return {
        state: "failed",
        label: `Failed: ${item.deliveryError ?? "the network refused it"}`,
        detail: item.deliveryReason,
      };
    case "unconfirmed":
      return {
        state: "unconfirmed",
        label: "Unconfirmed",
        detail:
          item.deliveryError ?? "The network did not answer. Check the comment there before sending again.",
      };
  }
}

/** The author as a line: their name, else their handle, else "Someone". */
export function authorName(author: InboxItemView["author"]): string {
  return author.name?.trim() || author.handle?.trim() || "Someone";
}

/** A handle as networks write it (with its @), or null. */
export function authorHandle(author: InboxItemView["author"]): string | null {
  const handle = author.handle?.trim();
  if (!handle) return null;
  return handle.startsWith("@") ? handle : `@${handle}`;
}

/** Up to two letters for an avatar without a picture. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^@/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => (word ? ([...word][0] ?? "") : ""))
    .join("")
    .toUpperCase();
}

/** The first line of a text, cut at `max` characters with an ellipsis. */
export function firstLine(text: string, max = 80): string {
  const line = text.split(/\r?\n/).find((part) => part.trim() !== "") ?? "";
  const chars = [...line.trim()];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`
    : chars.join("");
}

/** A conversation's counts in words: "2 open · 1 unread". */
export function threadSummary(thread: Pick<InboxThreadView, "open" | "unread" | "total">): string {
  const parts = [`${thread.open} open`];
  if (thread.unread > 0) parts.push(`${thread.unread} unread`);
  if (thread.open === 0) parts[0] = `${thread.total} ${thread.total === 1 ? "comment" : "comments"}`;
  return parts.join(" · ");
}

/** A badge's number: 99+ past 99. */
export const badgeCount = (count: number) => (count > 99 ? "99+" : String(count));

// ---- the reply box ----

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : null;

/** A reply's length as people see it (an emoji is one), which is how the strictest networks count. */
export function countReplyText(text: string): number {
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

export interface ReplyCheck {
  count: number;
  max: number;
  over: boolean;
  canSend: boolean;
}

/** The counter and whether Send may be pressed (something written, within the limit, nothing in flight). */
export function checkReply(text: string, max: number, sending: boolean): ReplyCheck {
  const count = countReplyText(text.trim());
  const over = count > max;
  return { count, max, over, canSend: !sending && count > 0 && !over };
}
