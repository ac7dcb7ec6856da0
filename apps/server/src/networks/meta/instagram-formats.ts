import { randomUUID } from "node:crypto";
import { AppError } from "@smm/domain/errors";
import type { PublishMediaItem, SocialPostRequest } from "@smm/domain/ports";
import { type GraphError, isGraphError } from "./meta-graph-client";
import {
  findOnInstagram,
  isNoAnswer,
  itemsOf,
  listStories,
  type MetaBrandConnection,
  markedCaption,
  type PollOptions,
  type PublishKit,
  pollUntil,
  storyTime,
  UNCONFIRMED_REASON,
} from "./meta-publish-kit";

/**
 * Instagram publishing through containers (contracts/meta-formats-and-inbox.md sections 1-4, base section
 * 3): a feed image (with alt text), a carousel of 2 to 10 images and videos, a Reel, a Story. Every format
 * is container -> FINISHED -> media_publish; what makes it exactly once is that one container can be
 * published only once: a publish whose answer was lost is settled by reading the container's status_code
 * again (PUBLISHED: it is live, find its media id; FINISHED: publish the same container again).
 */

export const INSTAGRAM_NOT_LINKED_REASON = "This page has no linked Instagram business account.";
export const INSTAGRAM_NEEDS_IMAGE_REASON = "Instagram posts need an image.";
/** The container went out (status PUBLISHED) but its media could not be found to record it. */
export const INSTAGRAM_PUBLISHED_NOT_FOUND =
  "Unconfirmed: check your Instagram account. Instagram says the post went out, but it could not be found there to record it, so it was not sent again.";
/** Instagram's alt text takes at most 1,000 characters (section 4). */
export const INSTAGRAM_ALT_TEXT_LIMIT = 1000;

/** Instagram's container subcodes (section 8) in the user's words. */
const INSTAGRAM_SUBCODES: Record<string, string> = {
  "2207001": "Instagram had a server error; try again",
  "2207003": "downloading the file took too long",
  "2207004": "the image is too large (at most 8 MB)",
  "2207005": "the image's format is not supported (JPEG only)",
  "2207006": "the file could not be found or accessed",
  "2207009": "the image's aspect ratio is not supported (4:5 to 1.91:1)",
  "2207010": "the caption is too long",
  "2207020": "the upload expired; try again",
  "2207023": "the media type is not supported",
  "2207026":
    "the video's format is not supported (MP4 or MOV, H.264 or HEVC video, AAC audio, within the size and length limits)",
  "2207028": "a carousel takes 2 to 10 items",
  "2207032": "the upload failed; try again",
  "2207052": "the file could not be fetched from its link",
  "2207053": "the upload failed; try again",
  "2207057": "the cover's moment is outside the video",
  "2207077": "the video could not be downloaded",
  "2207082": "the audio or video could not be processed",
  "2207085": "the video could not be processed (check its format, length and resolution)",
};

/** The network's reason from a container's `status` ("Error: Media upload has failed with error code 2207026"). */
export function instagramReason(status: string | undefined, statusCode: string | undefined): string {
  const code = /2207\d{3}/.exec(status ?? "")?.[0];
  const known = code ? INSTAGRAM_SUBCODES[code] : undefined;
  if (known) return `${known} (error ${code})`;
  if (status?.trim()) return status.trim();
  return `Instagram gave no reason (container ${statusCode ?? "ERROR"})`;
}

const processingFailed = (what: string, reason: string) =>
  new AppError("media_processing_failed", `Instagram could not process ${what}: ${reason}.`);

/** A Graph refusal of one item's container (a link it cannot fetch, a type it does not take), naming the item. */
function itemRefused(error: unknown, what: string): unknown {
  if (!isGraphError(error) || error.kind !== "rejected") return error;
  const code = error.subcode ? INSTAGRAM_SUBCODES[String(error.subcode)] : undefined;
  const reason = code ? `${code} (error ${error.subcode})` : error.message;
  return processingFailed(what, reason);
}

interface ContainerState {
  status_code?: string;
  status?: string;
}

export function createInstagramPublisher(kit: PublishKit) {
  const { graph } = kit;

  const readContainer = (connection: MetaBrandConnection, id: string) =>
    graph.call<ContainerState>({
      method: "GET",
      path: `/${id}`,
      token: connection.pageToken,
      params: { fields: "status_code,status" },
    });

  /** Polls a container until FINISHED (or already PUBLISHED); ERROR and EXPIRED say why, naming `what`. */
  async function waitForContainer(
    connection: MetaBrandConnection,
    id: string,
    poll: PollOptions,
    what: string,
  ): Promise<"FINISHED" | "PUBLISHED"> {
    const done = await pollUntil(graph, poll, async () => {
      const state = await readContainer(connection, id);
      switch (state.status_code) {
        case "FINISHED":
        case "PUBLISHED":
          return state.status_code;
        case "ERROR":
          throw processingFailed(what, instagramReason(state.status, state.status_code));
        case "EXPIRED":
          throw processingFailed(what, "it expired before it was published (after 24 hours); try again");
        default:
          return null;
      }
    });
    if (!done)
      throw new AppError("upstream_failed", `Instagram is still processing ${what}. Please try again later.`);
    return done;
  }

  async function createContainer(
    connection: MetaBrandConnection,
    igUserId: string,
    params: Record<string, string | number | boolean | undefined>,
    what: string,
  ): Promise<string> {
    try {
      // A container made twice is harmless (it expires unpublished); a publish is not.
      const container = await graph.call<{ id: string }>({
        method: "POST",
        path: `/${igUserId}/media`,
        token: connection.pageToken,
        params,
      });
      return container.id;
    } catch (error) {
      throw itemRefused(error, what);
    }
  }

  /**
   * media_publish of one container, exactly once: before each retry the container's status_code is read
   * again. PUBLISHED: it is live (a lost answer), and `locate` finds its media id. FINISHED: not published,
   * the same container is sent again (Instagram publishes a container once at most). IN_PROGRESS (9007,
   * not ready): wait for it, then publish it.
   */
  async function publishContainer(
    connection: MetaBrandConnection,
    igUserId: string,
    containerId: string,
    what: { label: string; poll: PollOptions },
    locate: () => Promise<string | null>,
  ): Promise<string> {
    let last: GraphError | null = null;
    let unanswered = false;
    for (let attempt = 0; attempt <= graph.retries; attempt++) {
      if (attempt > 0) {
        await graph.sleep(graph.backoffMs(attempt - 1));
        let status: string | undefined;
        try {
          status = (await readContainer(connection, containerId)).status_code;
          if (status !== "FINISHED" && status !== "PUBLISHED")
            status = await waitForContainer(connection, containerId, what.poll, what.label);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError("publish_unconfirmed", UNCONFIRMED_REASON);
        }
        if (status === "PUBLISHED") {
          let id: string | null;
          try {
            id = await locate();
          } catch (error) {
            if (error instanceof AppError) throw error;
            throw new AppError("publish_unconfirmed", INSTAGRAM_PUBLISHED_NOT_FOUND);
          }
          if (id) return id;
          throw new AppError("publish_unconfirmed", INSTAGRAM_PUBLISHED_NOT_FOUND);
        }
      }
      try {
        const published = await graph.once<{ id: string }>({
          method: "POST",
          path: `/${igUserId}/media_publish`,
          token: connection.pageToken,
          params: { creation_id: containerId },
        });
        return published.id;
      } catch (error) {
        if (!isGraphError(error)) throw error;
        const notReady = error.code === 9007 || error.subcode === 2207027;
        if (error.kind !== "transient" && !notReady) throw error;
        last = error;
        unanswered ||= isNoAnswer(error);
      }
    }
    if (unanswered) throw new AppError("publish_unconfirmed", UNCONFIRMED_REASON);
    throw last;
  }

  async function requireQuota(connection: MetaBrandConnection, igUserId: string) {
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

  /**
   * The media with our marker in its caption; when the caption went without one (too long), the one copy
   * with our text made since the attempt began. Null when neither is there.
   */
  async function locateByCaption(
    connection: MetaBrandConnection,
    igUserId: string,
    content: string,
    marker: string,
    since: Date,
  ): Promise<string | null> {
    const found = await findOnInstagram(graph, connection, igUserId, content, marker);
    if (found.own) return found.own.id;
    const recent = found.lookalikes.filter(
      (item) => !item.timestamp || new Date(item.timestamp).getTime() >= since.getTime() - 2 * 60_000,
    );
    return recent.length === 1 ? (recent[0]?.id ?? null) : null;
  }

  /** The newest story that appeared since the attempt began (stories carry no caption to mark). */
  async function locateStory(connection: MetaBrandConnection, igUserId: string, since: Date) {
    const stories = await listStories(graph, connection, igUserId);
    const fresh = stories.filter((item) => (storyTime(item) ?? 0) >= since.getTime() - 2 * 60_000);
    return fresh[0]?.id ?? null;
  }

  const altText = (item: PublishMediaItem) =>
    item.altText.trim() ? [...item.altText.trim()].slice(0, INSTAGRAM_ALT_TEXT_LIMIT).join("") : undefined;

  async function publish(connection: MetaBrandConnection, request: SocialPostRequest): Promise<string> {
    const igUserId = connection.instagramAccountId;
    if (!igUserId) throw new AppError("upstream_failed", INSTAGRAM_NOT_LINKED_REASON);
    const format = request.format ?? "feed";
    const items = itemsOf(request);
    const first = items[0];
    if (format === "carousel") {
      if (items.length < 2 || items.length > 10)
        throw new AppError(
          "media_not_fitting",
          `An Instagram carousel takes 2 to 10 items; this one has ${items.length}.`,
        );
    } else if (!first) {
      throw new AppError(
        "media_not_fitting",
        format === "reel" ? "An Instagram Reel needs a video." : INSTAGRAM_NEEDS_IMAGE_REASON,
      );
    }
    if (format === "reel" && first?.kind !== "video")
      throw new AppError("media_not_fitting", "An Instagram Reel needs a video.");
    await requireQuota(connection, igUserId);

    const marker = request.marker ?? randomUUID();
    const startedAt = kit.now();
    const caption = markedCaption(request.content, marker);
    const url = kit.absoluteUrl;
    const byCaption = () => locateByCaption(connection, igUserId, request.content, marker, startedAt);

    if (format === "carousel") {
      // One child per item, in order; every child must be FINISHED before the parent is made.
      const children: string[] = [];
      for (const [index, item] of items.entries()) {
        const what = `item ${index + 1} of the carousel`;
        children.push(
          await createContainer(
            connection,
            igUserId,
            item.kind === "video"
              ? { media_type: "VIDEO", video_url: url(item.url), is_carousel_item: true }
              : { image_url: url(item.url), is_carousel_item: true, alt_text: altText(item) },
            what,
          ),
        );
      }
      for (const [index, child] of children.entries()) {
        const item = items[index];
        await waitForContainer(
          connection,
          child,
          item?.kind === "video" ? kit.videoPoll : kit.poll,
          `item ${index + 1} of the carousel`,
        );
      }
      const what = { label: "the carousel", poll: kit.poll };
      const parent = await createContainer(
        connection,
        igUserId,
        { media_type: "CAROUSEL", children: children.join(","), caption },
        what.label,
      );
      await waitForContainer(connection, parent, what.poll, what.label);
      return publishContainer(connection, igUserId, parent, what, byCaption);
    }

    if (!first) throw new AppError("media_not_fitting", INSTAGRAM_NEEDS_IMAGE_REASON);

    if (format === "story") {
      // Instagram shows no caption on a story: the text stays out (and so does a marker).
      const what = {
        label: "the story",
        poll: first.kind === "video" ? kit.videoPoll : kit.poll,
      };
      const container = await createContainer(
        connection,
        igUserId,
        first.kind === "video"
          ? { media_type: "STORIES", video_url: url(first.url) }
          : { media_type: "STORIES", image_url: url(first.url) },
        what.label,
      );
      await waitForContainer(connection, container, what.poll, what.label);
      return publishContainer(connection, igUserId, container, what, () =>
        locateStory(connection, igUserId, startedAt),
      );
    }

    if (format === "reel" || first.kind === "video") {
      // A single video is a Reel (media_type=VIDEO was retired); shared to the feed as well.
      const what = { label: "the Reel's video", poll: kit.videoPoll };
      const cover = first.coverUrl
        ? { cover_url: url(first.coverUrl) }
        : typeof first.coverMs === "number"
          ? { thumb_offset: first.coverMs }
          : {};
      const container = await createContainer(
        connection,
        igUserId,
        { media_type: "REELS", video_url: url(first.url), caption, share_to_feed: true, ...cover },
        what.label,
      );
      await waitForContainer(connection, container, what.poll, what.label);
      return publishContainer(connection, igUserId, container, what, byCaption);
    }

    // A feed image: its fitted JPEG copy (publish-request.ts) when the request names one.
    const what = { label: "the image", poll: kit.poll };
    const container = await createContainer(
      connection,
      igUserId,
      { image_url: url(request.imageUrl ?? first.url), caption, alt_text: altText(first) },
      what.label,
    );
    await waitForContainer(connection, container, what.poll, what.label);
    return publishContainer(connection, igUserId, container, what, byCaption);
  }

  return { publish };
}
