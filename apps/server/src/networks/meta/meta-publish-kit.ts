import { createHash } from "node:crypto";
import { AppError } from "@smm/domain/errors";
import type { PublishMediaItem, SocialPostRequest } from "@smm/domain/ports";
import type { Logger } from "../../lib/logger";
import { type GraphClient, type GraphError, isGraphError } from "./meta-graph-client";

/**
 * What every Meta publishing flow shares (meta-network.ts, instagram-formats.ts, facebook-formats.ts,
 * meta-comments.ts): the attempt's invisible marker, "create at most one copy" (createOnce), the searches
 * that find a copy an unanswered call made, and polling.
 */

/** A brand's connected page as the adapter needs it; the token is decrypted only on its way here. */
export interface MetaBrandConnection {
  pageId: string;
  pageToken: string;
  /** The page's linked Instagram business account, when it has one. */
  instagramAccountId: string | null;
}

export const UNCONFIRMED_REASON =
  "Unconfirmed: check your page. Facebook did not answer and the post could not be found there, so it was not sent again.";
/** Our text is on the page without our marker (Meta may have stripped it): it may or may not be ours. */
export const AMBIGUOUS_REASON =
  "Unconfirmed: check your page. A post with this text is there, but Facebook could not tell us whether it is this one, so it was not sent again.";

export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Four characters that show as nothing, one per base-4 digit; U+2063 (invisible separator) opens the mark. */
const MARK_DIGITS = ["\u200b", "\u200c", "\u200d", "\u2060"] as const;
const MARK_START = "\u2063";

/**
 * The attempt's marker as it travels with the post: 48 bits of a hash of the attempt id, written as 24
 * invisible characters after the text. Graph posts have no field of ours to carry an idempotency key, so it
 * rides in the message (or caption, or description), where the feed, scheduled_posts, videos, Reels and
 * Instagram media all give it back.
 */
export function markOf(marker: string): string {
  const hex = createHash("sha256").update(marker).digest("hex").slice(0, 12);
  let mark = MARK_START;
  for (const char of hex) {
    const value = Number.parseInt(char, 16);
    mark += MARK_DIGITS[value >> 2] ?? "";
    mark += MARK_DIGITS[value & 3] ?? "";
  }
  return mark;
}

/** Instagram refuses captions over 2,200 characters (contracts/meta-and-stripe.md section 3). */
export const INSTAGRAM_CAPTION_LIMIT = 2200;

/**
 * A caption with our mark when it still fits; a full caption goes without one (the search then finds only
 * lookalikes, and an unanswered publish is reported unconfirmed rather than sent again).
 */
export const markedCaption = (caption: string, marker: string) => {
  const marked = `${caption}${markOf(marker)}`;
  return [...marked].length <= INSTAGRAM_CAPTION_LIMIT ? marked : caption;
};

/** The text as a reader sees it: without our mark. */
export const withoutMark = (text: string) => text.replace(/\u2063(?:\u200b|\u200c|\u200d|\u2060)*$/u, "");

export interface PollOptions {
  /** The first wait; each wait doubles, capped at a minute. */
  initialDelayMs: number;
  attempts: number;
}

/** The adapter's shared means, made once by createMetaNetwork. */
export interface PublishKit {
  graph: GraphClient;
  now(): Date;
  logger: Logger;
  /** Relative signed links (/api/media/...) on PUBLIC_URL: Meta fetches from outside. */
  absoluteUrl(url: string): string;
  /** Image containers. */
  poll: PollOptions;
  /** Video processing (Reels, video children, stories): longer than an image's. */
  videoPoll: PollOptions;
  /** Meta's upload host (rupload.facebook.com; the fake in tests): the only host the token is sent to. */
  ruploadUrl: string;
}

/** The post's items in order: its media list, else its one image (posts made before media lists). */
export function itemsOf(request: SocialPostRequest): PublishMediaItem[] {
  if (request.media?.length) return request.media;
  if (!request.imageUrl) return [];
  return [
    {
      kind: "image",
      mediaId: request.imageMediaId ?? null,
      url: request.imageUrl,
      mimeType: "image/jpeg",
      altText: "",
      width: null,
      height: null,
      byteSize: null,
      durationMs: null,
      coverUrl: null,
      coverMs: null,
    },
  ];
}

export const isNoAnswer = (error: unknown): error is GraphError =>
  isGraphError(error) && error.kind === "transient" && error.noAnswer;

/**
 * Creates at most one copy: each retry first looks for the copy a failed call may have made. Only
 * transient failures are retried; an unanswered call whose copy cannot be found is "unconfirmed".
 */
export async function createOnce(
  graph: GraphClient,
  create: () => Promise<string>,
  find: () => Promise<string | null>,
  unconfirmed = UNCONFIRMED_REASON,
): Promise<string> {
  let last: GraphError | null = null;
  let unanswered = false;
  for (let attempt = 0; attempt <= graph.retries; attempt++) {
    if (attempt > 0) {
      await graph.sleep(graph.backoffMs(attempt - 1));
      let found: string | null;
      try {
        found = await find();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError("publish_unconfirmed", unconfirmed);
      }
      if (found) return found;
    }
    try {
      return await create();
    } catch (error) {
      if (!isGraphError(error) || error.kind !== "transient") throw error;
      last = error;
      unanswered ||= error.noAnswer;
    }
  }
  if (unanswered) throw new AppError("publish_unconfirmed", unconfirmed);
  throw last;
}

/**
 * Asks `check` until it answers (not null), waiting between asks (doubling, capped at a minute); null when
 * the attempts ran out first.
 */
export async function pollUntil<T>(
  graph: GraphClient,
  poll: PollOptions,
  check: () => Promise<T | null>,
): Promise<T | null> {
  let delay = poll.initialDelayMs;
  for (let attempt = 0; attempt < poll.attempts; attempt++) {
    const answer = await check();
    if (answer !== null) return answer;
    await graph.sleep(delay);
    delay = Math.min(delay * 2, 60_000);
  }
  return null;
}

export interface FeedItem {
  id: string;
  message?: string;
  caption?: string;
  description?: string;
  created_time?: string;
  timestamp?: string;
  scheduled_publish_time?: number | string;
}

/** What a search found: the attempt's own copy, or only copies with its text whose origin is unknown. */
export interface Search {
  own: FeedItem | null;
  lookalikes: FeedItem[];
}

const sameText = (a: string | undefined, b: string) => withoutMark(a ?? "").trim() === b.trim();

export function search(
  items: FeedItem[],
  text: (item: FeedItem) => string | undefined,
  content: string,
  marker: string,
): Search {
  const mark = markOf(marker);
  return {
    own: items.find((item) => (text(item) ?? "").includes(mark)) ?? null,
    lookalikes: items.filter((item) => sameText(text(item), content)),
  };
}

/**
 * The attempt's copy when the search found it; null when nothing with our text appeared since the attempt
 * began (safe to send); "cannot tell" (thrown) when our text is there without our marker, made since then
 * (or held for the same time): Meta may have dropped the marker, and sending again could make a second.
 */
export function settle(found: Search, since: Date | null, scheduledDate: Date | null): string | null {
  if (found.own) return found.own.id;
  const margin = 2 * 60_000;
  const recent = found.lookalikes.some((item) => {
    if (scheduledDate && item.scheduled_publish_time !== undefined)
      return Number(item.scheduled_publish_time) === toUnix(scheduledDate);
    const at = item.created_time ?? item.timestamp;
    return !since || !at || new Date(at).getTime() >= since.getTime() - margin;
  });
  if (recent) throw new AppError("publish_unconfirmed", AMBIGUOUS_REASON);
  return null;
}

/** Where a page's copies are listed, and which field carries their text. */
export type PageList = "feed" | "scheduled_posts" | "videos" | "video_reels";

const PAGE_LISTS: Record<PageList, { fields: string; text: (item: FeedItem) => string | undefined }> = {
  feed: { fields: "id,message,created_time", text: (item) => item.message },
  scheduled_posts: { fields: "id,message,scheduled_publish_time", text: (item) => item.message },
  videos: { fields: "id,description,created_time", text: (item) => item.description },
  video_reels: { fields: "id,description,created_time", text: (item) => item.description },
};

export async function findOnPage(
  graph: GraphClient,
  connection: MetaBrandConnection,
  content: string,
  marker: string,
  where: PageList,
): Promise<Search> {
  const list = PAGE_LISTS[where];
  const page = await graph.call<{ data: FeedItem[] }>({
    method: "GET",
    path: `/${connection.pageId}/${where}`,
    token: connection.pageToken,
    params: { fields: list.fields, limit: 50 },
  });
  return search(page.data, list.text, content, marker);
}

export async function findOnInstagram(
  graph: GraphClient,
  connection: MetaBrandConnection,
  igUserId: string,
  caption: string,
  marker: string,
): Promise<Search> {
  const media = await graph.call<{ data: FeedItem[] }>({
    method: "GET",
    path: `/${igUserId}/media`,
    token: connection.pageToken,
    params: { fields: "id,caption,timestamp", limit: 50 },
  });
  return search(media.data, (item) => item.caption, caption, marker);
}

/** Stories carry no text (so no marker): what a lookup can tell is which ones appeared since a moment. */
export interface StoryItem {
  id: string;
  /** Facebook lists a story's post id and the photo or video it shows. */
  post_id?: string;
  media_id?: string;
  creation_time?: string | number;
  timestamp?: string;
}

/** A story's time, whichever shape the list gives it in (unix seconds or ISO). */
export function storyTime(item: StoryItem): number | null {
  const at = item.creation_time ?? item.timestamp;
  if (at === undefined) return null;
  const numeric = Number(at);
  if (Number.isFinite(numeric)) return numeric * 1000;
  const time = new Date(String(at)).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Facebook's Page stories or Instagram's account stories, newest first as Meta lists them. */
export async function listStories(
  graph: GraphClient,
  connection: MetaBrandConnection,
  ownerId: string,
): Promise<StoryItem[]> {
  const instagram = ownerId !== connection.pageId;
  const answer = await graph.call<{ data: StoryItem[] }>({
    method: "GET",
    path: `/${ownerId}/stories`,
    token: connection.pageToken,
    params: { fields: instagram ? "id,timestamp" : "post_id,media_id,creation_time", limit: 50 },
  });
  return answer.data;
}
