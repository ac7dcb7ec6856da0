import type { PostFormat } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { PublishingNetwork, SocialPostRequest } from "@smm/domain/ports";
import type { Logger } from "../../lib/logger";
import { createFacebookPublisher, pageListOf, REEL_SCHEDULING_MAX_MS } from "./facebook-formats";
import { createInstagramPublisher } from "./instagram-formats";
import { createCommenter } from "./meta-comments";
import { type GraphClient, type GraphError, isGraphError } from "./meta-graph-client";
import {
  findOnInstagram,
  findOnPage,
  listStories,
  type MetaBrandConnection,
  type PollOptions,
  type PublishKit,
  type Search,
  settle,
  storyTime,
  toUnix,
} from "./meta-publish-kit";

export {
  INSTAGRAM_NEEDS_IMAGE_REASON,
  INSTAGRAM_NOT_LINKED_REASON,
} from "./instagram-formats";
export {
  AMBIGUOUS_REASON,
  INSTAGRAM_CAPTION_LIMIT,
  type MetaBrandConnection,
  markedCaption,
  markOf,
  UNCONFIRMED_REASON,
  withoutMark,
} from "./meta-publish-kit";

/** Our post as findPublished needs it: where to look, and the text its lookalikes would have. */
export interface MetaPostFacts {
  content: string;
  platform: "facebook" | "instagram";
  /** How it went out (absent: a feed post), and whether its first item is a video: which list holds it. */
  format?: PostFormat;
  video?: boolean;
}

export interface MetaNetworkOptions {
  graph: GraphClient;
  /** Image links handed to Meta must be fetchable from outside: relative signed links are built on this. */
  publicUrl: string;
  /**
   * Meta's upload host for Reels' and stories' videos (https://rupload.facebook.com; tests: the fake Graph
   * server, which answers the upload paths too). The page token is sent to this host only.
   */
  ruploadUrl?: string;
  loadConnection(userId: string, brandId: string): Promise<MetaBrandConnection | null>;
  /** Reads our post (for findPublished, whose request carries only the id). */
  readPost(request: { userId: string; brandId: string; postId: string }): Promise<MetaPostFacts | null>;
  /** Code 190: the connection is marked expired and the user asked to reconnect. */
  onTokenExpired(userId: string, brandId: string): Promise<void>;
  now?: () => Date;
  /** Container polling: first wait and how many polls (each wait doubles, capped at a minute). */
  containerPoll?: PollOptions;
  /** Video processing: by default the container polling with six more polls (six more minutes). */
  videoPoll?: PollOptions;
  logger: Logger;
}

export const DEFAULT_RUPLOAD_URL = "https://rupload.facebook.com";

/**
 * The upload host for a Graph host: Meta's own beside graph.facebook.com, else the Graph host itself (the
 * fake Graph server answers the upload paths on its own address).
 */
export function ruploadUrlFor(graphUrl: string): string {
  try {
    return new URL(graphUrl).hostname.endsWith("facebook.com") ? DEFAULT_RUPLOAD_URL : graphUrl;
  } catch {
    return DEFAULT_RUPLOAD_URL;
  }
}

export const TOKEN_EXPIRED_REASON =
  "Your Facebook connection has expired. Please reconnect your page in Settings.";
export const PERMISSION_REASON =
  "The app is missing a Facebook permission for this page. Please reconnect your page in Settings and grant every permission it asks for.";
export const NOT_CONNECTED_REASON = "Missing Facebook page ID or token";
/** A story carries no text to mark: one made since the attempt began may or may not be this post's. */
export const STORY_AMBIGUOUS_REASON =
  "Unconfirmed: check your stories. A story appeared since this one was sent, and stories carry no text to tell whether it is this one, so it was not sent again.";
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

/**
 * Publishing through the Graph API (contracts/meta-and-stripe.md sections 2-3, meta-formats-and-inbox.md
 * sections 1-6) for brands whose connection is a Meta page: every format on the page (text, photos,
 * multi-photo, video, Reels, stories) with native scheduling, edits and cancels on the network, Instagram
 * through containers (feed image, carousel, Reel, story), and first comments.
 *
 * A call that creates a post is never simply repeated: every post with text carries its attempt's marker
 * (markOf), and before each retry (and when an answer never came) the network is searched for it, so a
 * post Meta took but did not confirm is found, not sent twice. Instagram's containers and Facebook's Reel
 * and story videos can each make one post only, which settles a lost answer inside an attempt. When a
 * search fails, or finds our text only without the marker, the user is told the outcome is unconfirmed.
 */
export function createMetaNetwork(options: MetaNetworkOptions): PublishingNetwork {
  const { graph } = options;
  const poll = options.containerPoll ?? { initialDelayMs: 2000, attempts: 6 };
  const now = options.now ?? (() => new Date());
  const kit: PublishKit = {
    graph,
    now,
    logger: options.logger,
    absoluteUrl: (url) => (url.startsWith("/") ? `${options.publicUrl.replace(/\/$/, "")}${url}` : url),
    poll,
    videoPoll: options.videoPoll ?? { initialDelayMs: poll.initialDelayMs, attempts: poll.attempts + 6 },
    ruploadUrl: options.ruploadUrl ?? DEFAULT_RUPLOAD_URL,
  };
  const facebook = createFacebookPublisher(kit);
  const instagram = createInstagramPublisher(kit);
  const commenter = createCommenter(kit);

  // Instagram has no native scheduling, and Meta refuses times outside its window: the job fires these.
  const holdsNatively = (platform: SocialPostRequest["platform"], scheduledDate: Date) => {
    const ahead = scheduledDate.getTime() - now().getTime();
    return platform !== "instagram" && ahead > NATIVE_SCHEDULING_MIN_MS && ahead < NATIVE_SCHEDULING_MAX_MS;
  };
  /** Stories have no native scheduling; Reels are held a day less than feed posts. */
  const holdsFormat = (request: SocialPostRequest, scheduledDate: Date) => {
    const format = request.format ?? "feed";
    if (format === "story") return false;
    const ahead = scheduledDate.getTime() - now().getTime();
    return format !== "reel" || ahead < REEL_SCHEDULING_MAX_MS;
  };

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

  /** A story made since the attempt began, on the page or the Instagram account: "cannot tell" (thrown). */
  async function settleStory(connection: MetaBrandConnection, ownerId: string, since: Date | null) {
    const stories = await listStories(graph, connection, ownerId);
    const margin = 2 * 60_000;
    const recent = stories.some((item) => {
      const at = storyTime(item);
      return !since || at === null || at >= since.getTime() - margin;
    });
    if (recent) throw new AppError("publish_unconfirmed", STORY_AMBIGUOUS_REASON);
    return null;
  }

  /** Where our post's copy would be, searched by the attempt's marker (null: no place to search). */
  async function searchFor(
    connection: MetaBrandConnection,
    post: MetaPostFacts,
    marker: string,
  ): Promise<Search | null> {
    if (post.platform === "instagram") {
      if (!connection.instagramAccountId) return null;
      return findOnInstagram(graph, connection, connection.instagramAccountId, post.content, marker);
    }
    return findOnPage(graph, connection, post.content, marker, pageListOf(post.format, post.video ?? false));
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
            ? instagram.publish(connection, request)
            : facebook.publish(connection, request, null),
      );
      return { externalId, network: "meta" };
    },
    async comment(request) {
      const connection = await requireConnection(request.userId, request.brandId);
      // The Page token comments as the Page (a user token fails with #1705); the same token works on IG media.
      const externalId = await guarded(
        request,
        (error) => `Failed to post the first comment: ${error.message}`,
        () => commenter.comment(connection, request),
      );
      return { externalId };
    },
    async canSchedule(request) {
      return holdsNatively(request.platform, request.scheduledDate);
    },
    async schedule(request) {
      const { scheduledDate, ...post } = request;
      if (!holdsNatively(post.platform, scheduledDate) || !holdsFormat(post, scheduledDate))
        return { externalId: null, network: "meta" };
      const connection = await requireConnection(post.userId, post.brandId);
      const externalId = await guarded(
        post,
        (error) => `Failed to schedule post on Facebook: ${error.message}`,
        () => facebook.publish(connection, post, scheduledDate),
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
      // A video's or Reel's text is its description (edited on the video's own id, section 5.6).
      const video = request.format === "reel" || request.media?.[0]?.kind === "video";
      await guarded(
        request,
        () => "Failed to update Facebook post",
        () =>
          graph.call({
            method: "POST",
            path: `/${request.externalId}`,
            token: connection.pageToken,
            params: {
              ...(video ? { description: request.content } : { message: request.content }),
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
      if (post.format === "story") {
        // Stories carry no text and so no marker: any story since the attempt began may be this one.
        const owner = post.platform === "instagram" ? connection.instagramAccountId : connection.pageId;
        if (!owner) return null;
        await guarded(
          request,
          (error) => `Failed to verify Facebook connection: ${error.message}`,
          () => settleStory(connection, owner, request.since),
        );
        return null;
      }
      const found = await guarded(
        request,
        (error) => `Failed to verify Facebook connection: ${error.message}`,
        () => searchFor(connection, post, request.marker),
      );
      if (!found) return null;
      // Throws "cannot tell" when only copies without our marker, made since the attempt, are there.
      if (!settle(found, request.since, null) || !found.own) return null;
      const at = found.own.created_time ?? found.own.timestamp;
      return { externalId: found.own.id, publishedAt: at ? new Date(at) : null, network: "meta" };
    },
  };
}
