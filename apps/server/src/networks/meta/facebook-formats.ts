import { randomUUID } from "node:crypto";
import { AppError } from "@smm/domain/errors";
import type { PublishMediaItem, SocialPostRequest } from "@smm/domain/ports";
import { type GraphError, isGraphError } from "./meta-graph-client";
import {
  createOnce,
  findOnPage,
  isNoAnswer,
  itemsOf,
  listStories,
  type MetaBrandConnection,
  markOf,
  type PageList,
  type PublishKit,
  pollUntil,
  settle,
  toUnix,
  UNCONFIRMED_REASON,
} from "./meta-publish-kit";

/**
 * Facebook Page publishing (contracts/meta-and-stripe.md section 2, meta-formats-and-inbox.md section 5):
 * text and single photos, multi-photo posts (unpublished photos attached to one feed post), videos, Reels
 * (start -> hosted upload to rupload -> processing -> finish) and Stories, with native scheduling where
 * Meta has it. Every call that makes the post is made at most once per attempt: the text carries the
 * attempt's marker (feed, videos, Reels), a Reel's or story's video id can make one post only, and a story
 * whose answer was lost is looked up by its photo or video among the page's stories, never sent blindly.
 */

/** A Reel is held natively 10 minutes to 29 days ahead (section 5.3), a day less than a feed post. */
export const REEL_SCHEDULING_MAX_MS = 29 * 86_400_000;
/** Facebook takes at most 10 photos in one post (section 5.1, UNCONFIRMED officially). */
export const FACEBOOK_MAX_PHOTOS = 10;
export const STORY_UNCONFIRMED_REASON =
  "Unconfirmed: check your page's stories. Facebook did not answer and the story could not be found, so it was not sent again.";

const processingFailed = (what: string, reason: string) =>
  new AppError("media_processing_failed", `Facebook could not process ${what}: ${reason}.`);

/** A Graph refusal of one item (a link it cannot fetch, a file it does not take), naming the item. */
const itemRefused = (error: unknown, what: string): unknown =>
  isGraphError(error) && error.kind === "rejected" ? processingFailed(what, error.message) : error;

interface PhaseState {
  status?: string;
  publish_status?: string;
  errors?: { code?: number; message?: string }[];
}

/** GET /{video-id}?fields=status (section 5.3). */
interface VideoState {
  status?: {
    video_status?: string;
    uploading_phase?: PhaseState;
    processing_phase?: PhaseState;
    publishing_phase?: PhaseState;
  };
}

/** Meta's words for a failed upload or processing, else the state it ended in. */
function videoReason(state: VideoState["status"]): string {
  const phases = [state?.uploading_phase, state?.processing_phase, state?.publishing_phase];
  for (const phase of phases) {
    const error = phase?.errors?.[0];
    if (error?.message) return error.code ? `${error.message} (error ${error.code})` : error.message;
  }
  return `the video ended as "${state?.video_status ?? "error"}"`;
}

const FAILED_VIDEO = new Set(["error", "upload_failed", "expired"]);
const isDone = (phase: PhaseState | undefined) =>
  phase?.status === "complete" || phase?.status === "completed";

export function createFacebookPublisher(kit: PublishKit) {
  const { graph } = kit;
  const url = kit.absoluteUrl;

  const timing = (scheduledDate: Date | null) =>
    scheduledDate ? { published: false, scheduled_publish_time: toUnix(scheduledDate) } : { published: true };

  /** The search before a retry: the attempt's copy in `where`, or none with its text made since `since`. */
  const finder =
    (
      connection: MetaBrandConnection,
      request: SocialPostRequest,
      marker: string,
      where: PageList,
      since: Date,
      scheduledDate: Date | null,
    ) =>
    async () =>
      settle(await findOnPage(graph, connection, request.content, marker, where), since, scheduledDate);

  const listOf = (scheduledDate: Date | null): PageList => (scheduledDate ? "scheduled_posts" : "feed");

  /** A text post or one photo (base section 2). */
  function pagePost(
    connection: MetaBrandConnection,
    request: SocialPostRequest,
    image: string | null,
    scheduledDate: Date | null,
    marker: string,
  ): Promise<string> {
    const text = `${request.content}${markOf(marker)}`;
    const startedAt = kit.now();
    const create = async () => {
      if (image) {
        const photo = await graph.once<{ id: string; post_id?: string }>({
          method: "POST",
          path: `/${connection.pageId}/photos`,
          token: connection.pageToken,
          params: { url: url(image), caption: text, ...timing(scheduledDate) },
        });
        return photo.post_id ?? photo.id;
      }
      const post = await graph.once<{ id: string }>({
        method: "POST",
        path: `/${connection.pageId}/feed`,
        token: connection.pageToken,
        params: { message: text, ...timing(scheduledDate) },
      });
      return post.id;
    };
    return createOnce(
      graph,
      create,
      finder(connection, request, marker, listOf(scheduledDate), startedAt, scheduledDate),
    );
  }

  /** Photos uploaded unpublished, then one feed post attaching them all (section 5.1). */
  async function multiPhoto(
    connection: MetaBrandConnection,
    request: SocialPostRequest,
    items: PublishMediaItem[],
    scheduledDate: Date | null,
    marker: string,
  ): Promise<string> {
    if (items.some((item) => item.kind !== "image"))
      throw new AppError("media_not_fitting", "A Facebook multi-photo post takes photos only.");
    if (items.length > FACEBOOK_MAX_PHOTOS)
      throw new AppError(
        "media_not_fitting",
        `A Facebook post takes at most ${FACEBOOK_MAX_PHOTOS} photos; this one has ${items.length}.`,
      );
    const photoIds: string[] = [];
    for (const [index, item] of items.entries()) {
      try {
        // An unpublished photo sent twice is harmless: only the feed post below shows anything.
        const photo = await graph.call<{ id: string }>({
          method: "POST",
          path: `/${connection.pageId}/photos`,
          token: connection.pageToken,
          params: { url: url(item.url), published: false, temporary: scheduledDate ? true : undefined },
        });
        photoIds.push(photo.id);
      } catch (error) {
        throw itemRefused(error, `photo ${index + 1} of the post`);
      }
    }
    const text = `${request.content}${markOf(marker)}`;
    const startedAt = kit.now();
    return createOnce(
      graph,
      async () =>
        (
          await graph.once<{ id: string }>({
            method: "POST",
            path: `/${connection.pageId}/feed`,
            token: connection.pageToken,
            params: {
              message: text,
              attached_media: JSON.stringify(photoIds.map((id) => ({ media_fbid: id }))),
              ...timing(scheduledDate),
            },
          })
        ).id,
      finder(connection, request, marker, listOf(scheduledDate), startedAt, scheduledDate),
    );
  }

  /** A video post from its hosted file (section 5.2); its id is the video's. */
  function videoPost(
    connection: MetaBrandConnection,
    request: SocialPostRequest,
    item: PublishMediaItem,
    scheduledDate: Date | null,
    marker: string,
  ): Promise<string> {
    const description = `${request.content}${markOf(marker)}`;
    const startedAt = kit.now();
    return createOnce(
      graph,
      async () => {
        try {
          const video = await graph.once<{ id: string }>({
            method: "POST",
            path: `/${connection.pageId}/videos`,
            token: connection.pageToken,
            params: { file_url: url(item.url), description, ...timing(scheduledDate) },
          });
          return video.id;
        } catch (error) {
          throw itemRefused(error, "the video");
        }
      },
      finder(connection, request, marker, "videos", startedAt, null),
    );
  }

  /**
   * Where the bytes go: the path Meta answered, on the configured upload host only (the page token is sent
   * there, so a changed host in an answer never receives it).
   */
  function uploadTarget(answered: string | undefined, videoId: string): string {
    const host = kit.ruploadUrl.replace(/\/$/, "");
    if (answered) {
      try {
        const parsed = new URL(answered);
        return `${host}${parsed.pathname}${parsed.search}`;
      } catch {
        // An unreadable address: the documented one below.
      }
    }
    return `${host}/video-upload/${graph.version}/${videoId}`;
  }

  /** The hosted file handed to rupload by its link (`file_url` header); the same video id, so retries are safe. */
  async function uploadHosted(
    connection: MetaBrandConnection,
    target: string,
    fileUrl: string,
    what: string,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await graph.upload({ url: target, token: connection.pageToken, headers: { file_url: fileUrl } });
        return;
      } catch (error) {
        if (isGraphError(error) && error.kind === "transient" && attempt < graph.retries) {
          await graph.sleep(graph.backoffMs(attempt));
          continue;
        }
        throw itemRefused(error, what);
      }
    }
  }

  const readVideo = (connection: MetaBrandConnection, videoId: string) =>
    graph.call<VideoState>({
      method: "GET",
      path: `/${videoId}`,
      token: connection.pageToken,
      params: { fields: "status" },
    });

  /** Polls the video until Meta has processed it; an error says Meta's reason. */
  async function waitForVideo(connection: MetaBrandConnection, videoId: string, what: string) {
    const done = await pollUntil(graph, kit.videoPoll, async () => {
      const { status } = await readVideo(connection, videoId);
      const phases = [status?.uploading_phase, status?.processing_phase, status?.publishing_phase];
      if (FAILED_VIDEO.has(status?.video_status ?? "") || phases.some((phase) => phase?.status === "error"))
        throw processingFailed(what, videoReason(status));
      return isDone(status?.processing_phase) || status?.video_status === "ready" ? true : null;
    });
    if (!done)
      throw new AppError("upstream_failed", `Facebook is still processing ${what}. Please try again later.`);
  }

  /** start -> hosted upload -> processed: the video id and the answer of `start`. */
  async function uploadVideo(
    connection: MetaBrandConnection,
    edge: "video_reels" | "video_stories",
    item: PublishMediaItem,
    what: string,
  ): Promise<string> {
    // A started upload that is never finished makes nothing: starting again is harmless.
    const start = await graph.call<{ video_id: string; upload_url?: string }>({
      method: "POST",
      path: `/${connection.pageId}/${edge}`,
      token: connection.pageToken,
      params: { upload_phase: "start" },
    });
    await uploadHosted(connection, uploadTarget(start.upload_url, start.video_id), url(item.url), what);
    await waitForVideo(connection, start.video_id, what);
    return start.video_id;
  }

  /**
   * A Reel (section 5.3): its id is the video's. `finish` turns one video into one Reel, so after a lost
   * answer the video's publishing phase is read: started (or done) means Meta took it; not started means
   * the same finish is sent again.
   */
  async function reel(
    connection: MetaBrandConnection,
    request: SocialPostRequest,
    item: PublishMediaItem,
    scheduledDate: Date | null,
    marker: string,
  ): Promise<string> {
    const what = "the Reel's video";
    const videoId = await uploadVideo(connection, "video_reels", item, what);
    const params = {
      video_id: videoId,
      upload_phase: "finish",
      video_state: scheduledDate ? "SCHEDULED" : "PUBLISHED",
      description: `${request.content}${markOf(marker)}`,
      ...(scheduledDate ? { scheduled_publish_time: toUnix(scheduledDate) } : {}),
    };
    let last: GraphError | null = null;
    let unanswered = false;
    for (let attempt = 0; attempt <= graph.retries; attempt++) {
      if (attempt > 0) {
        await graph.sleep(graph.backoffMs(attempt - 1));
        let phase: PhaseState | undefined;
        try {
          const { status } = await readVideo(connection, videoId);
          phase = status?.publishing_phase;
          if (phase?.status === "error") throw processingFailed(what, videoReason(status));
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError("publish_unconfirmed", UNCONFIRMED_REASON);
        }
        if (phase?.status && phase.status !== "not_started") return videoId;
        if (phase?.publish_status && phase.publish_status !== "draft") return videoId;
      }
      try {
        await graph.once<{ success?: boolean }>({
          method: "POST",
          path: `/${connection.pageId}/video_reels`,
          token: connection.pageToken,
          params,
        });
        return videoId;
      } catch (error) {
        if (!isGraphError(error) || error.kind !== "transient") throw error;
        last = error;
        unanswered ||= isNoAnswer(error);
      }
    }
    if (unanswered) throw new AppError("publish_unconfirmed", UNCONFIRMED_REASON);
    throw last;
  }

  /**
   * The call that makes a story, at most once: a failed call is followed by a look for a story showing
   * `mediaId`; an unanswered one that cannot be found there is reported unconfirmed, never sent again
   * (section 5.4: no API tells whether a story went out).
   */
  async function storyOnce(
    connection: MetaBrandConnection,
    mediaId: string,
    create: () => Promise<{ post_id?: string; id?: string }>,
  ): Promise<string> {
    let last: GraphError | null = null;
    for (let attempt = 0; attempt <= graph.retries; attempt++) {
      try {
        const answer = await create();
        return answer.post_id ?? answer.id ?? mediaId;
      } catch (error) {
        if (!isGraphError(error) || error.kind !== "transient") throw error;
        last = error;
      }
      await graph.sleep(graph.backoffMs(attempt));
      let found: string | null;
      try {
        const stories = await listStories(graph, connection, connection.pageId);
        const story = stories.find((item) => item.media_id === mediaId);
        found = story ? (story.post_id ?? story.id) : null;
      } catch {
        throw new AppError("publish_unconfirmed", STORY_UNCONFIRMED_REASON);
      }
      if (found) return found;
      if (last.noAnswer) throw new AppError("publish_unconfirmed", STORY_UNCONFIRMED_REASON);
    }
    throw last;
  }

  /** A photo or video story (section 5.4); Facebook shows no text on it, so the text stays out. */
  async function story(connection: MetaBrandConnection, item: PublishMediaItem): Promise<string> {
    if (item.kind === "image") {
      let photoId: string;
      try {
        photoId = (
          await graph.call<{ id: string }>({
            method: "POST",
            path: `/${connection.pageId}/photos`,
            token: connection.pageToken,
            params: { url: url(item.url), published: false },
          })
        ).id;
      } catch (error) {
        throw itemRefused(error, "the story's photo");
      }
      return storyOnce(connection, photoId, () =>
        graph.once({
          method: "POST",
          path: `/${connection.pageId}/photo_stories`,
          token: connection.pageToken,
          params: { photo_id: photoId },
        }),
      );
    }
    const videoId = await uploadVideo(connection, "video_stories", item, "the story's video");
    return storyOnce(connection, videoId, () =>
      graph.once({
        method: "POST",
        path: `/${connection.pageId}/video_stories`,
        token: connection.pageToken,
        params: { video_id: videoId, upload_phase: "finish" },
      }),
    );
  }

  /** The post in its format, now or held by Meta for `scheduledDate` (stories never are). */
  async function publish(
    connection: MetaBrandConnection,
    request: SocialPostRequest,
    scheduledDate: Date | null,
  ): Promise<string> {
    const format = request.format ?? "feed";
    const items = itemsOf(request);
    const first = items[0];
    const marker = request.marker ?? randomUUID();
    if (format === "story") {
      if (!first) throw new AppError("media_not_fitting", "A Facebook story needs a photo or a video.");
      return story(connection, first);
    }
    if (format === "reel") {
      if (first?.kind !== "video") throw new AppError("media_not_fitting", "A Facebook Reel needs a video.");
      return reel(connection, request, first, scheduledDate, marker);
    }
    if (format === "carousel" || items.length > 1)
      return multiPhoto(connection, request, items, scheduledDate, marker);
    if (first?.kind === "video") return videoPost(connection, request, first, scheduledDate, marker);
    return pagePost(connection, request, request.imageUrl ?? first?.url ?? null, scheduledDate, marker);
  }

  return { publish };
}

/** Which of the page's lists holds a post of this format (for a lookup by marker). */
export function pageListOf(format: SocialPostRequest["format"], video: boolean): PageList {
  if (format === "reel") return "video_reels";
  if ((format ?? "feed") === "feed" && video) return "videos";
  return "feed";
}
