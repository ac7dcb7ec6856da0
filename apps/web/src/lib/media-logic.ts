/*
 * The media library's and the post cards' pure rules: no React, no fetch (tests/unit/media-logic.test.ts).
 * Types are written out here rather than imported so the unit tests load nothing but this file.
 */

/** How a post goes out (PostView["format"]). */
export type PostFormat = "feed" | "carousel" | "reel" | "story";
export type MediaType = "image" | "video";
export type MediaTypeFilter = "all" | MediaType;
export type MediaUseState = "draft" | "scheduled" | "published";

/** The most alt text a file takes (the domain's MAX_ALT_TEXT_LENGTH; updateMedia refuses more). */
export const MAX_ALT_TEXT_LENGTH = 1_000;
/** How long the search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The library's page size (the server's default is 48). */
export const MEDIA_PAGE_SIZE = 48;
/** What the library's Upload button accepts: the generator's image types and the videos tus takes. */
export const LIBRARY_UPLOAD_ACCEPT =
  "image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp,video/mp4,video/quicktime,video/webm,.mp4,.mov,.m4v,.webm";

export const EMPTY_LIBRARY_TEXT = {
  title: "No media yet",
  description: "Upload images or videos, or generate a post.",
} as const;
export const NO_MATCH_TEXT = {
  title: "Nothing matches",
  description: "Try other words, another type or a wider date range.",
} as const;

// ---- the library's filters ----

export interface MediaFilters {
  /** Words of the name or alt text, as typed (trimmed before it is sent). */
  query: string;
  type: MediaTypeFilter;
  missingAltText: boolean;
  /** Calendar days as the date inputs give them (yyyy-mm-dd), "" for none; both ends included. */
  from: string;
  to: string;
}

export const DEFAULT_MEDIA_FILTERS: MediaFilters = {
  query: "",
  type: "all",
  missingAltText: false,
  from: "",
  to: "",
};

/** True when anything narrows the list (the empty state then offers to clear rather than to upload). */
export const isNarrowed = (filters: MediaFilters) =>
  filters.query.trim() !== "" ||
  filters.type !== "all" ||
  filters.missingAltText ||
  filters.from !== "" ||
  filters.to !== "";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local midnight starting a yyyy-mm-dd day, or null for anything else. */
export function startOfLocalDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The listMedia input for the filters: words trimmed, the type unless "all", the days as instants in the
 * viewer's zone (`to` is exclusive on the server, so the last day runs to the next midnight), a swapped range
 * put right, and the page cursor.
 */
export function toListMediaInput(
  filters: MediaFilters,
  before?: string | null,
  limit = MEDIA_PAGE_SIZE,
): {
  query?: string;
  type?: MediaType;
  missingAltText?: boolean;
  from?: string;
  to?: string;
  before?: string;
  limit: number;
} {
  const query = filters.query.trim().replace(/\s+/g, " ").slice(0, 200);
  let from = startOfLocalDay(filters.from);
  let toDay = startOfLocalDay(filters.to);
  if (from && toDay && from > toDay) [from, toDay] = [toDay, from];
  const to = toDay ? new Date(toDay.getFullYear(), toDay.getMonth(), toDay.getDate() + 1) : null;
  return {
    ...(query ? { query } : {}),
    ...(filters.type !== "all" ? { type: filters.type } : {}),
    ...(filters.missingAltText ? { missingAltText: true } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
    ...(before ? { before } : {}),
    limit,
  };
}

/** The pages' items in order, each file once (a file added meanwhile can shift one across a page edge). */
export function flattenPages<T extends { id: string }>(pages: readonly { items: readonly T[] }[]): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages)
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
}

// ---- how files are described ----

/** 7 s → "0:07", 62 s → "1:02", an hour and more → "1:02:03"; null for no length. */
export function formatDuration(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** 512 → "512 B", 1536 → "1.5 KB", 3.4 million → "3.2 MB" (binary units, as file managers show). */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${units[unit]}`;
}

/** "1080 × 1350", or null when either side is unknown. */
export function formatDimensions(width: number | null | undefined, height: number | null | undefined) {
  return width && height ? `${width} × ${height}` : null;
}

/** The counter under the alt text field: what is typed against the limit, and whether it is over. */
export function altTextCount(text: string, max = MAX_ALT_TEXT_LENGTH) {
  // The server trims before it counts; so does the counter.
  const length = text.trim().length;
  return {
    length,
    over: length > max,
    label: `${length.toLocaleString("en-US")} / ${max.toLocaleString("en-US")}`,
  };
}

/** An image that needs alt text (videos are described by their own tracks, not alt text). */
export const lacksAltText = (item: { type: MediaType; altText: string | null }) =>
  item.type === "image" && !(item.altText ?? "").trim();

export const mediaUseLabel: Record<MediaUseState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** What the Delete confirmation says about the posts using a file. */
export function deleteConsequence(usedBy: readonly { state: MediaUseState }[]): string {
  const scheduled = usedBy.filter((use) => use.state === "scheduled").length;
  if (scheduled > 0)
    return scheduled === 1
      ? "A scheduled post uses this file: change that post first, then delete the file."
      : `${scheduled} scheduled posts use this file: change those posts first, then delete the file.`;
  if (usedBy.length > 0)
    return usedBy.length === 1
      ? "One post uses this file; it will be removed from that post. This cannot be undone."
      : `${usedBy.length} posts use this file; it will be removed from them. This cannot be undone.`;
  return "The file will be deleted from your library. This cannot be undone.";
}

/** The changes an edit makes, or null when nothing changed (Save stays disabled). */
export function mediaChanges(
  saved: { name: string; altText: string | null },
  draft: { name: string; altText: string },
): { name?: string; altText?: string | null } | null {
  const name = draft.name.trim();
  const altText = draft.altText.trim();
  const changes: { name?: string; altText?: string | null } = {};
  if (name && name !== saved.name) changes.name = name;
  if (altText !== (saved.altText ?? "").trim()) changes.altText = altText === "" ? null : altText;
  return Object.keys(changes).length > 0 ? changes : null;
}

// ---- posts with several media ----

/**
 * The card's format badge: "Carousel · 4", "Reel", "Story"; null for an ordinary feed post (nothing to
 * say). A carousel counts its items (the domain's list, or 1 for a post with only its one image).
 */
export function formatBadgeLabel(format: PostFormat | null | undefined, count: number): string | null {
  if (format === "carousel") return `Carousel · ${Math.max(count, 1)}`;
  if (format === "reel") return "Reel";
  if (format === "story") return "Story";
  return null;
}

/** The slide a carousel moves to: one step either way, kept within the items (no wrap, as networks do). */
export function stepSlide(current: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, current + delta));
}

/** Which slide a scrolled strip shows (scroll-snap: the nearest whole slide). */
export function slideAt(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}

// ---- "Use in a new post" ----

/** The search parameter the create page reads a preselected library file from. */
export const PRESELECTED_MEDIA_PARAM = "media";

/**
 * The create page's address with files preselected (`/create?media=a&media=b`). The generator takes one
 * image today: it uses the first image of the list.
 */
export function createPostHref(mediaIds: readonly string[]): string {
  const params = new URLSearchParams();
  for (const id of mediaIds) params.append(PRESELECTED_MEDIA_PARAM, id);
  const query = params.toString();
  return query ? `/create?${query}` : "/create";
}

// ---- uploads ----

export type UploadRoute = "image" | "video" | "refused";

/** The most an image upload may be (the domain's MAX_UPLOAD_BYTES). */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Which door a picked file goes through: images over the image route (POST /api/media), videos over tus
 * (/api/uploads, resumable). Judged by the browser's type, or the name when it declares none; the server
 * still reads the content.
 */
export function uploadRouteOf(file: { type: string; name: string }): UploadRoute {
  const type = file.type.toLowerCase();
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("image/")) return "image";
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (["mp4", "mov", "m4v", "webm"].includes(extension)) return "video";
  if (["jpg", "jpeg", "png", "gif", "webp"].includes(extension)) return "image";
  return "refused";
}

/** 0-100 from bytes sent, never 100 before the server has answered (it still checks and stores the file). */
export function uploadPercent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.max(0, Math.floor((sent / total) * 100)));
}

/** The server's message out of an error answer's body (`{error: {message}}`), or null. */
export function errorMessageOf(body: string | null | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    const message = parsed?.error?.message;
    return typeof message === "string" && message ? message : null;
  } catch {
    return null;
  }
}

// ---- the calendar's lean posts ----

const FORMATS: readonly PostFormat[] = ["feed", "carousel", "reel", "story"];

/**
 * A calendar post's format and how many items it has, when its view carries them (`format`,
 * `mediaCount`): the Approved Content list's whole posts do; the month grid's lean rows do once the
 * domain's calendar view has them. Anything else reads as an ordinary post.
 */
export function mediaSummaryOf(post: object): { format: PostFormat; count: number } {
  const { format, mediaCount } = post as { format?: unknown; mediaCount?: unknown };
  return {
    format: FORMATS.includes(format as PostFormat) ? (format as PostFormat) : "feed",
    count: typeof mediaCount === "number" && Number.isFinite(mediaCount) ? mediaCount : 0,
  };
}
