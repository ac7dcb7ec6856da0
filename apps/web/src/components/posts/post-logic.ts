import type { PostPlatform, PostView, postSorts } from "@smm/domain/web";

import { formatDateTime, futureOptimalTime } from "@/lib/generation";

/*
 * The post card's and the post lists' rules, kept free of React so they are unit-tested on their own.
 */

/** Core spec, Dashboard: the post text preview is truncated at 100 characters in recent activity. */
export const PREVIEW_LENGTH = 100;
/** Core spec section 9: 8 posts per batch in the All Posts and Pending Approval modals. */
export const MODAL_PAGE_SIZE = 8;
/** Core spec section 9: auto-load within 1000 px of the bottom, the scroll handler delayed 100 ms. */
export const AUTO_LOAD_DISTANCE_PX = 1000;
export const SCROLL_HANDLER_DELAY_MS = 100;
/** The search box waits this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;
/** Core spec section 9: copy and download confirmations stay 2 s. */
export const CONFIRMATION_MS = 2_000;

export function truncatePreview(text: string, length = PREVIEW_LENGTH): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length).trimEnd()}…` : trimmed;
}

// ---- list filters ----

export type PostListVariant = "all" | "pending";
export type PostSort = (typeof postSorts)[number];

export interface PostListFilters {
  status: "all" | "pending" | "approved" | "denied";
  platform: "all" | PostPlatform;
  source: "all" | "ai" | "manual";
  sort: PostSort;
  search: string;
}

export const DEFAULT_FILTERS: PostListFilters = {
  status: "all",
  platform: "all",
  source: "all",
  sort: "newest",
  search: "",
};

/**
 * How many filters narrow the list, as the Filters button shows it: status (All Posts only), platform and
 * source. The sort orders rather than narrows and the search box is counted by its own field.
 */
export function countActiveFilters(filters: PostListFilters, variant: PostListVariant): number {
  let count = 0;
  if (variant === "all" && filters.status !== "all") count += 1;
  if (filters.platform !== "all") count += 1;
  if (filters.source !== "all") count += 1;
  return count;
}

/** Whether anything (a filter or the search) narrows the list: picks the empty state's words. */
export function isNarrowed(filters: PostListFilters, variant: PostListVariant): boolean {
  return countActiveFilters(filters, variant) > 0 || filters.search.trim().length > 0;
}

/** Whether Clear has anything to reset (the sort included). */
export function hasAnyChange(filters: PostListFilters, variant: PostListVariant): boolean {
  return isNarrowed(filters, variant) || filters.sort !== DEFAULT_FILTERS.sort;
}

/** The query the list endpoint reads (GET /api/posts), without the cursor. */
export interface PostListQuery {
  status?: "pending" | "approved" | "denied";
  /** The pending list asks by lifecycle state: posts still being generated are not awaiting review yet. */
  state?: "pending";
  platform?: PostPlatform;
  source?: "ai" | "manual";
  search?: string;
  sort: PostSort;
  limit: number;
}

export function toListQuery(
  filters: PostListFilters,
  variant: PostListVariant,
  limit = MODAL_PAGE_SIZE,
): PostListQuery {
  const query: PostListQuery = { sort: filters.sort, limit };
  if (variant === "pending") query.state = "pending";
  else if (filters.status !== "all") query.status = filters.status;
  if (filters.platform !== "all") query.platform = filters.platform;
  if (filters.source !== "all") query.source = filters.source;
  const search = filters.search.trim();
  if (search) query.search = search;
  return query;
}

export function toSearchParams(query: Partial<PostListQuery> & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  for (const key of ["status", "state", "platform", "source", "search", "sort", "cursor", "limit"] as const) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

/** 'N posts found' / 'N pending posts awaiting review'. */
export function countLine(total: number, variant: PostListVariant): string {
  if (variant === "pending")
    return total === 1 ? "1 pending post awaiting review" : `${total} pending posts awaiting review`;
  return total === 1 ? "1 post found" : `${total} posts found`;
}

export const ALL_REVIEWED_TEXT = "All posts have been reviewed! Create new posts to see them here.";

/** The empty state's words (core spec, All Posts and Pending Approval modals). */
export function emptyListText(
  filters: PostListFilters,
  variant: PostListVariant,
): { title: string; description: string | null } {
  if (variant === "pending")
    return isNarrowed(filters, variant)
      ? { title: "No pending posts", description: "Nothing pending matches these filters." }
      : { title: "No pending posts", description: ALL_REVIEWED_TEXT };
  return {
    title: "No posts found",
    description: isNarrowed(filters, variant) ? "Try other filters or clear them." : null,
  };
}

export function endOfListText(variant: PostListVariant): string {
  return variant === "pending" ? "You've reviewed all pending posts" : "You've reached the end of the list";
}

/** Whether the scroll container's bottom is close enough to fetch the next page. */
export function isNearBottom(
  element: Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">,
  distance = AUTO_LOAD_DISTANCE_PX,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= distance;
}

// ---- card actions ----

export type CardAction =
  | "copy"
  | "download"
  | "edit"
  | "approve"
  | "deny"
  | "schedule"
  | "publish"
  | "cancel"
  | "delete";

/**
 * The buttons a post card shows, in order: copy and download when there is something to take, then exactly
 * the actions the server says the post offers now (PostView.availableActions, decided by the domain's
 * lifecycle; every door refuses the others). Reschedule is the calendar's drag, not a card button.
 */
export function cardActions(post: Pick<PostView, "availableActions" | "content" | "imageUrl">): CardAction[] {
  const offered = new Set(post.availableActions);
  const actions: CardAction[] = [];
  if (post.content.trim()) actions.push("copy");
  if (post.imageUrl) actions.push("download");
  for (const action of ["edit", "approve", "deny", "schedule", "publish", "cancel", "delete"] as const)
    if (offered.has(action)) actions.push(action);
  return actions;
}

/**
 * Core spec section 4, AI-generated post approval: an AI-generated post with a future optimal time is
 * approved at that time without asking; every other approval opens the date and time picker.
 */
export function approvalDecision(
  post: Pick<PostView, "optimalTime">,
  now: Date = new Date(),
): { kind: "direct"; scheduledDate: Date } | { kind: "picker" } {
  const optimal = futureOptimalTime(post, now);
  return optimal ? { kind: "direct", scheduledDate: optimal } : { kind: "picker" };
}

/**
 * What the approve button says, wherever a post is approved (cards, the generator, the chat): the one
 * behaviour of approvalDecision, stated before the click. "Approve & Schedule for <time>" approves at the
 * AI's time at once; "Approve & Schedule..." opens the date and time picker.
 */
export function approvalLabel(post: Pick<PostView, "optimalTime" | "state">, now: Date = new Date()): string {
  const base = post.state === "denied" ? "Re-approve" : "Approve & Schedule";
  const decision = approvalDecision(post, now);
  return decision.kind === "direct" ? `${base} for ${formatDateTime(decision.scheduledDate)}` : `${base}...`;
}

/** The file name a downloaded image gets: the post's id and the image's type. */
export function downloadFileName(postId: string, mimeType: string): string {
  const extension =
    {
      "image/png": "png",
      "image/jpeg": "jpg",
      "image/webp": "webp",
      "image/gif": "gif",
    }[mimeType.split(";")[0]?.trim() ?? ""] ?? "png";
  return `post-${postId.slice(0, 8)}.${extension}`;
}
