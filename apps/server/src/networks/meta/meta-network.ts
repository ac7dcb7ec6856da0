import { createHash, randomUUID } from "node:crypto";
import { AppError } from "@smm/domain/errors";
import type { SocialNetwork, SocialPostRequest } from "@smm/domain/ports";
import type { Logger } from "../../lib/logger";
import { type GraphClient, type GraphError, isGraphError } from "./meta-graph-client";

/** A brand's connected page as the adapter needs it; the token is decrypted only on its way here. */
export interface MetaBrandConnection {
  pageId: string;
  pageToken: string;
  /** The page's linked Instagram business account, when it has one. */
  instagramAccountId: string | null;
}

/** Our post as findPublished needs it: where to look, and the text its lookalikes would have. */
export interface MetaPostFacts {
  content: string;
  platform: "facebook" | "instagram";
}

export interface MetaNetworkOptions {
  graph: GraphClient;
  /** Image links handed to Meta must be fetchable from outside: relative signed links are built on this. */
  publicUrl: string;
  loadConnection(userId: string, brandId: string): Promise<MetaBrandConnection | null>;
  /** Reads our post (for findPublished, whose request carries only the id). */
  readPost(request: { userId: string; brandId: string; postId: string }): Promise<MetaPostFacts | null>;
  /** Code 190: the connection is marked expired and the user asked to reconnect. */
  onTokenExpired(userId: string, brandId: string): Promise<void>;
  now?: () => Date;
  /** Container polling: first wait and how many polls (each wait doubles, capped at a minute). */
  containerPoll?: { initialDelayMs: number; attempts: number };
  logger: Logger;
}

export const TOKEN_EXPIRED_REASON =
  "Your Facebook connection has expired. Please reconnect your page in Settings.";
export const PERMISSION_REASON =
  "The app is missing a Facebook permission for this page. Please reconnect your page in Settings and grant every permission it asks for.";
export const UNCONFIRMED_REASON =
  "Unconfirmed: check your page. Facebook did not answer and the post could not be found there, so it was not sent again.";
/** Our text is on the page without our marker (Meta may have stripped it): it may or may not be ours. */
export const AMBIGUOUS_REASON =
  "Unconfirmed: check your page. A post with this text is there, but Facebook could not tell us whether it is this one, so it was not sent again.";
export const NOT_CONNECTED_REASON = "Missing Facebook page ID or token";
export const INSTAGRAM_NOT_LINKED_REASON = "This page has no linked Instagram business account.";
export const INSTAGRAM_NEEDS_IMAGE_REASON = "Instagram posts need an image.";
/**
 * Meta holds a post for 10 minutes to 75 days ahead (sources disagree on the maximum): a minute's margin,
 * and the 30 days every integration agrees on. Outside it, our publish job fires the post at its time.
 */
export const NATIVE_SCHEDULING_MIN_MS = 11 * 60_000;
export const NATIVE_SCHEDULING_MAX_MS = 30 * 86_400_000;

/** Why a Graph call failed, in the user's words, by the class of Meta's code (one table, in the client). */
export function describeGraphFailure(error: GraphError): string {
  switch (error.kind) {
    case "token_expired":
      return TOKEN_EXPIRED_REASON;
    case "permission":
      return PERMISSION_REASON;
    case "rate_limited": {
      const minutes = error.retryAfterMs ? Math.max(1, Math.ceil(error.retryAfterMs / 60_000)) : null;
      return `Facebook's rate limit was reached. Try again ${minutes ? `in ${minutes} minute${minutes === 1 ? "" : "s"}` : "later"}.`;
    }
    default:
      return error.message;
  }
}

const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Four characters that show as nothing, one per base-4 digit; U+2063 (invisible separator) opens the mark. */
const MARK_DIGITS = ["\u200b", "\u200c", "\u200d", "\u2060"] as const;
const MARK_START = "\u2063";

/**
 * The attempt's marker as it travels with the post: 48 bits of a hash of the attempt id, written as 24
 * invisible characters after the text. Graph posts have no field of ours to carry an idempotency key, so it
 * rides in the message (or caption), where the feed, scheduled_posts and Instagram media all give it back.
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

interface FeedItem {
  id: string;
  message?: string;
  caption?: string;
  created_time?: string;
  timestamp?: string;
  scheduled_publish_time?: number | string;
}

/**
 * Publishing through the Graph API (contracts/meta-and-stripe.md sections 2-3) for brands whose connection
 * is a Meta page: photos and text posts on the page, native scheduling, edits and cancels on the network,
 * and Instagram through a media container.
 *
 * A call that creates a post is never simply repeated: every post carries its attempt's marker (markOf),
 * and before each retry (and when an answer never came) the page is searched for it, so a post Meta took
 * but did not confirm is found, not sent twice. When the search fails, or finds our text only without the
 * marker, the user is told the outcome is unconfirmed.
 */
export function createMetaNetwork(options: MetaNetworkOptions): SocialNetwork {
  const { graph } = options;
  const poll = options.containerPoll ?? { initialDelayMs: 2000, attempts: 6 };
  const now = options.now ?? (() => new Date());

  // Instagram has no native scheduling, and Meta refuses times outside its window: the job fires these.
  const holdsNatively = (platform: SocialPostRequest["platform"], scheduledDate: Date) => {
    const ahead = scheduledDate.getTime() - now().getTime();
    return platform !== "instagram" && ahead > NATIVE_SCHEDULING_MIN_MS && ahead < NATIVE_SCHEDULING_MAX_MS;
  };

  const absoluteUrl = (url: string) =>
    url.startsWith("/") ? `${options.publicUrl.replace(/\/$/, "")}${url}` : url;

  async function requireConnection(userId: string, brandId: string): Promise<MetaBrandConnection> {
    const connection = await options.loadConnection(userId, brandId);
    if (!connection) throw new AppError("upstream_failed", NOT_CONNECTED_REASON);
    return connection;
  }

  /** Runs one operation, turning Graph's failures into the product's messages (and 190 into a reconnect). */
  async function guarded<T>(
    who: { userId: string; brandId: string },
    fallback: (error: GraphError) => string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isGraphError(error)) throw error;
      options.logger.warn("graph call failed", {
        kind: error.kind,
        code: error.code,
        subcode: error.subcode,
        status: error.httpStatus,
      });
      if (error.kind === "token_expired") {
        await options.onTokenExpired(who.userId, who.brandId).catch((cause: unknown) => {
          options.logger.error("could not mark the Meta connection expired", {
            error: cause instanceof Error ? cause.message : String(cause),
          });
        });
      }
      const transientText = error.kind === "transient" && !error.noAnswer;
      const message = transientText ? fallback(error) : describeGraphFailure(error);
      // A rate limit refused the call before anything was made: the same call is worth sending later.
      if (error.kind === "rate_limited")
        throw new AppError("upstream_failed", message, { retryAfterMs: error.retryAfterMs ?? 0 });
      throw new AppError("upstream_failed", message);
    }
  }

  /**
   * Creates at most one copy: each retry first looks for the copy a failed call may have made. Only
   * transient failures are retried; an unanswered call whose copy cannot be found is "unconfirmed".
   */
  async function createOnce(
    create: () => Promise<string>,
    find: () => Promise<string | null>,
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
          throw new AppError("publish_unconfirmed", UNCONFIRMED_REASON);
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
    if (unanswered) throw new AppError("publish_unconfirmed", UNCONFIRMED_REASON);
    throw last;
  }

  const sameText = (a: string | undefined, b: string) => withoutMark(a ?? "").trim() === b.trim();

  /** What a search found: the attempt's own copy, or only copies with its text whose origin is unknown. */
  interface Search {
    own: FeedItem | null;
    lookalikes: FeedItem[];
  }

  const search = (
    items: FeedItem[],
    text: (item: FeedItem) => string | undefined,
    content: string,
    marker: string,
  ): Search => {
    const mark = markOf(marker);
    return {
      own: items.find((item) => (text(item) ?? "").includes(mark)) ?? null,
      lookalikes: items.filter((item) => sameText(text(item), content)),
    };
  };

  async function findOnPage(
    connection: MetaBrandConnection,
    content: string,
    marker: string,
    where: "feed" | "scheduled_posts",
  ): Promise<Search> {
    const fields = where === "feed" ? "id,message,created_time" : "id,message,scheduled_publish_time";
    const page = await graph.call<{ data: FeedItem[] }>({
      method: "GET",
      path: `/${connection.pageId}/${where}`,
      token: connection.pageToken,
      params: { fields, limit: 50 },
    });
    return search(page.data, (item) => item.message, content, marker);
  }

  async function findOnInstagram(
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

  /**
   * The attempt's copy when the search found it; null when nothing with our text appeared since the attempt
   * began (safe to send); "cannot tell" (thrown) when our text is there without our marker, made since then
   * (or held for the same time): Meta may have dropped the marker, and sending again could make a second.
   */
  function settle(found: Search, since: Date | null, scheduledDate: Date | null): string | null {
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

  /** A page post (photo or text), published now or handed over for `scheduledDate`. */
  async function createPagePost(
    connection: MetaBrandConnection,
    request: SocialPostRequest,
    scheduledDate: Date | null,
  ): Promise<string> {
    const timing = scheduledDate
      ? { published: false, scheduled_publish_time: toUnix(scheduledDate) }
      : { published: true };
    const marker = request.marker ?? randomUUID();
    const text = `${request.content}${markOf(marker)}`;
    const startedAt = now();
    const create = async () => {
      if (request.imageUrl) {
        const photo = await graph.once<{ id: string; post_id?: string }>({
          method: "POST",
          path: `/${connection.pageId}/photos`,
          token: connection.pageToken,
          params: { url: absoluteUrl(request.imageUrl), caption: text, ...timing },
        });
        return photo.post_id ?? photo.id;
      }
      const post = await graph.once<{ id: string }>({
        method: "POST",
        path: `/${connection.pageId}/feed`,
        token: connection.pageToken,
        params: { message: text, ...timing },
      });
      return post.id;
    };
    const find = async () =>
      settle(
        await findOnPage(connection, request.content, marker, scheduledDate ? "scheduled_posts" : "feed"),
        startedAt,
        scheduledDate,
      );
    return createOnce(create, find);
  }

  async function requireInstagramQuota(connection: MetaBrandConnection, igUserId: string) {
    const limit = await graph.call<{
      data: { quota_usage?: number; config?: { quota_total?: number } }[];
    }>({
      method: "GET",
      path: `/${igUserId}/content_publishing_limit`,
      token: connection.pageToken,
      params: { fields: "quota_usage,config" },
    });
    const entry = limit.data[0];
    const total = entry?.config?.quota_total;
    if (entry && typeof total === "number" && (entry.quota_usage ?? 0) >= total) {
      throw new AppError(
        "upstream_failed",
        `Instagram's daily publishing limit of ${total} posts is reached. Try again tomorrow.`,
      );
    }
  }

  async function waitForContainer(connection: MetaBrandConnection, containerId: string) {
    let delay = poll.initialDelayMs;
    for (let attempt = 0; attempt < poll.attempts; attempt++) {
      const container = await graph.call<{ status_code?: string }>({
        method: "GET",
        path: `/${containerId}`,
        token: connection.pageToken,
        params: { fields: "status_code" },
      });
      if (container.status_code === "FINISHED") return;
      if (container.status_code === "ERROR" || container.status_code === "EXPIRED") {
        throw new AppError(
          "upstream_failed",
          `Instagram could not process the image (container ${container.status_code}).`,
        );
      }
      await graph.sleep(delay);
      delay = Math.min(delay * 2, 60_000);
    }
    throw new AppError("upstream_failed", "Instagram is still processing the image. Please try again later.");
  }

  /** Container -> FINISHED -> media_publish; a container made twice is harmless, a publish is not. */
  async function publishToInstagram(connection: MetaBrandConnection, request: SocialPostRequest) {
    const igUserId = connection.instagramAccountId;
    if (!igUserId) throw new AppError("upstream_failed", INSTAGRAM_NOT_LINKED_REASON);
    if (!request.imageUrl) throw new AppError("upstream_failed", INSTAGRAM_NEEDS_IMAGE_REASON);
    await requireInstagramQuota(connection, igUserId);
    const marker = request.marker ?? randomUUID();
    const startedAt = now();
    const container = await graph.call<{ id: string }>({
      method: "POST",
      path: `/${igUserId}/media`,
      token: connection.pageToken,
      params: { image_url: absoluteUrl(request.imageUrl), caption: markedCaption(request.content, marker) },
    });
    await waitForContainer(connection, container.id);
    return createOnce(
      async () =>
        (
          await graph.once<{ id: string }>({
            method: "POST",
            path: `/${igUserId}/media_publish`,
            token: connection.pageToken,
            params: { creation_id: container.id },
          })
        ).id,
      async () =>
        settle(await findOnInstagram(connection, igUserId, request.content, marker), startedAt, null),
    );
  }

  return {
    kind: "meta",
    async describe() {
      throw new Error("Meta's limits are its provider's (networks/meta)");
    },
    async publish(request) {
      const connection = await requireConnection(request.userId, request.brandId);
      const externalId = await guarded(
        request,
        (error) => `Failed to post to Facebook: ${error.message}`,
        () =>
          request.platform === "instagram"
            ? publishToInstagram(connection, request)
            : createPagePost(connection, request, null),
      );
      return { externalId, network: "meta" };
    },
    async comment(request) {
      const connection = await requireConnection(request.userId, request.brandId);
      // The Page token comments as the Page (a user token fails with #1705); the same token works on IG media.
      const comment = await guarded(
        request,
        (error) => `Failed to post the first comment: ${error.message}`,
        () =>
          graph.once<{ id: string }>({
            method: "POST",
            path: `/${request.externalId}/comments`,
            token: connection.pageToken,
            params: { message: request.message },
          }),
      );
      return { externalId: comment.id };
    },
    async canSchedule(request) {
      return holdsNatively(request.platform, request.scheduledDate);
    },
    async schedule(request) {
      const { scheduledDate, ...post } = request;
      if (!holdsNatively(post.platform, scheduledDate)) return { externalId: null, network: "meta" };
      const connection = await requireConnection(post.userId, post.brandId);
      const externalId = await guarded(
        post,
        (error) => `Failed to schedule post on Facebook: ${error.message}`,
        () => createPagePost(connection, post, scheduledDate),
      );
      return { externalId, network: "meta" };
    },
    async cancel(request) {
      const connection = await requireConnection(request.userId, request.brandId);
      await guarded(
        request,
        () => "Failed to cancel Facebook post",
        () => graph.call({ method: "DELETE", path: `/${request.externalId}`, token: connection.pageToken }),
      );
    },
    async update(request) {
      const connection = await requireConnection(request.userId, request.brandId);
      await guarded(
        request,
        () => "Failed to update Facebook post",
        () =>
          graph.call({
            method: "POST",
            path: `/${request.externalId}`,
            token: connection.pageToken,
            params: {
              message: request.content,
              scheduled_publish_time: request.scheduledDate ? toUnix(request.scheduledDate) : undefined,
            },
          }),
      );
    },
    async findPublished(request) {
      const [connection, post] = await Promise.all([
        requireConnection(request.userId, request.brandId),
        options.readPost(request),
      ]);
      if (!post) return null;
      const found = await guarded(
        request,
        (error) => `Failed to verify Facebook connection: ${error.message}`,
        async () => {
          if (post.platform === "instagram") {
            if (!connection.instagramAccountId) return null;
            return findOnInstagram(connection, connection.instagramAccountId, post.content, request.marker);
          }
          return findOnPage(connection, post.content, request.marker, "feed");
        },
      );
      if (!found) return null;
      // Throws "cannot tell" when only copies without our marker, made since the attempt, are there.
      if (!settle(found, request.since, null) || !found.own) return null;
      const at = found.own.created_time ?? found.own.timestamp;
      return { externalId: found.own.id, publishedAt: at ? new Date(at) : null, network: "meta" };
    },
  };
}
