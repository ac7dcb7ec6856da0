import { AppError } from "@smm/domain/errors";
import type { SocialNetwork, SocialPostRequest } from "@smm/domain/ports";
import type { Logger } from "../lib/logger";
import { type GraphClient, type GraphError, isGraphError } from "./meta-graph-client";

/** A brand's connected page as the adapter needs it; the token is decrypted only on its way here. */
export interface MetaBrandConnection {
  pageId: string;
  pageToken: string;
  /** The page's linked Instagram business account, when it has one. */
  instagramAccountId: string | null;
}

/** What a lost answer is settled by: the text we sent, looked for on the page. */
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

interface FeedItem {
  id: string;
  message?: string;
  caption?: string;
  created_time?: string;
  timestamp?: string;
}

/**
 * Publishing through the Graph API (contracts/meta-and-stripe.md sections 2-3) for brands whose connection
 * is a Meta page: photos and text posts on the page, native scheduling, edits and cancels on the network,
 * and Instagram through a media container.
 *
 * A call that creates a post is never simply repeated: before each retry (and when an answer never came)
 * the page is searched for the text we sent, so a post Meta took but did not confirm is found, not sent
 * twice. When it cannot be found after an unanswered call, the user is told the outcome is unconfirmed.
 */
export function createMetaNetwork(options: MetaNetworkOptions): SocialNetwork {
  const { graph } = options;
  const poll = options.containerPoll ?? { initialDelayMs: 2000, attempts: 6 };
  const now = options.now ?? (() => new Date());

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
      throw new AppError("upstream_failed", transientText ? fallback(error) : describeGraphFailure(error));
    }
  }

  /**
   * Creates at most one copy: each retry first looks for the copy a failed call may have made. Only
   * transient failures are retried; an unanswered call whose copy cannot be found is "unconfirmed".
   */
  async function createOnce(create: () => Promise<string>, find: () => Promise<string | null>) {
    let last: GraphError | null = null;
    let unanswered = false;
    for (let attempt = 0; attempt <= graph.retries; attempt++) {
      if (attempt > 0) {
        await graph.sleep(graph.backoffMs(attempt - 1));
        let found: string | null;
        try {
          found = await find();
        } catch {
          throw new AppError("upstream_failed", UNCONFIRMED_REASON);
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
    if (unanswered) throw new AppError("upstream_failed", UNCONFIRMED_REASON);
    throw last;
  }

  const sameText = (a: string | undefined, b: string) => (a ?? "").trim() === b.trim();

  async function findOnPage(
    connection: MetaBrandConnection,
    content: string,
    where: "feed" | "scheduled_posts",
  ): Promise<FeedItem | null> {
    const fields = where === "feed" ? "id,message,created_time" : "id,message,scheduled_publish_time";
    const page = await graph.call<{ data: FeedItem[] }>({
      method: "GET",
      path: `/${connection.pageId}/${where}`,
      token: connection.pageToken,
      params: { fields, limit: 50 },
    });
    return page.data.find((item) => sameText(item.message, content)) ?? null;
  }

  async function findOnInstagram(connection: MetaBrandConnection, igUserId: string, caption: string) {
    const media = await graph.call<{ data: FeedItem[] }>({
      method: "GET",
      path: `/${igUserId}/media`,
      token: connection.pageToken,
      params: { fields: "id,caption,timestamp", limit: 50 },
    });
    return media.data.find((item) => sameText(item.caption, caption)) ?? null;
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
    const create = async () => {
      if (request.imageUrl) {
        const photo = await graph.once<{ id: string; post_id?: string }>({
          method: "POST",
          path: `/${connection.pageId}/photos`,
          token: connection.pageToken,
          params: { url: absoluteUrl(request.imageUrl), caption: request.content, ...timing },
        });
        return photo.post_id ?? photo.id;
      }
      const post = await graph.once<{ id: string }>({
        method: "POST",
        path: `/${connection.pageId}/feed`,
        token: connection.pageToken,
        params: { message: request.content, ...timing },
      });
      return post.id;
    };
    const find = async () =>
      (await findOnPage(connection, request.content, scheduledDate ? "scheduled_posts" : "feed"))?.id ?? null;
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
    const container = await graph.call<{ id: string }>({
      method: "POST",
      path: `/${igUserId}/media`,
      token: connection.pageToken,
      params: { image_url: absoluteUrl(request.imageUrl), caption: request.content },
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
      async () => (await findOnInstagram(connection, igUserId, request.content))?.id ?? null,
    );
  }

  return {
    kind: "meta",
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
    async schedule(request) {
      const { scheduledDate, ...post } = request;
      const ahead = scheduledDate.getTime() - now().getTime();
      // Instagram has no native scheduling, and Meta refuses times outside its window: the job fires these.
      const native =
        post.platform !== "instagram" && ahead > NATIVE_SCHEDULING_MIN_MS && ahead < NATIVE_SCHEDULING_MAX_MS;
      if (!native) return { externalId: null, network: "meta" };
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
            return findOnInstagram(connection, connection.instagramAccountId, post.content);
          }
          return findOnPage(connection, post.content, "feed");
        },
      );
      if (!found) return null;
      const at = found.created_time ?? found.timestamp;
      return { externalId: found.id, publishedAt: at ? new Date(at) : null, network: "meta" };
    },
  };
}
