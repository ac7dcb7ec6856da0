/**
 * The rich Page formats of the fake Graph server (contracts/meta-formats-and-inbox.md sections 5-6):
 * unpublished photos and multi-photo feed posts (attached_media), /videos from a hosted file, Reels
 * (/video_reels start -> rupload with a `file_url` header -> GET /{video}?fields=status -> finish), photo and
 * video stories, and /{page}/stories (comments: meta-comments.ts). Everything
 * received is kept, so tests can assert what each item carried.
 */

export interface FakePhoto {
  id: string;
  pageId: string;
  url: string;
  temporary: boolean;
  createdTime: string;
  /** The feed post or story that used it (a photo is attached once). */
  usedBy: string | null;
}

export interface FakeVideo {
  id: string;
  pageId: string;
  /** /videos, /video_reels or /video_stories. */
  kind: "video" | "reel" | "story";
  fileUrl: string | null;
  description: string;
  /** Every header the upload host received for it (rupload). */
  uploads: Record<string, string>[];
  uploaded: boolean;
  /** Status reads left answering processing in_progress after the upload. */
  pollsLeft: number;
  /** Set when processing fails (a file URL containing "fail", or `failVideosWith`). */
  failure: { code: number; message: string } | null;
  publishStatus: "not_started" | "draft" | "scheduled" | "published";
  scheduledPublishTime: number | null;
  /** The finish calls it received (a second one is refused). */
  finishCalls: number;
  createdTime: string;
  deleted: boolean;
}

export interface FakeStory {
  postId: string;
  pageId: string;
  mediaType: "photo" | "video";
  mediaId: string;
  creationTime: number;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

interface PageLike {
  id: string;
  name: string;
  token: string;
  instagramAccountId: string | null;
}

export interface PageMediaHost {
  version: string;
  baseUrl(): string;
  now(): Date;
  newId(): string;
  /** Counts a creation by its visible text (creationsOf). */
  count(text: string): void;
  ok(body: unknown): Answer;
  invalid(message: string, code?: number): Answer;
  graphError(error: { status: number; code: number; subcode?: number; message: string }): Answer;
  /** Makes a page post (kind and text) the feed, scheduled_posts and creationsOf see. */
  addPost(post: {
    pageId: string;
    kind: "multi_photo" | "video" | "reel";
    message: string;
    published: boolean;
    scheduledPublishTime: number | null;
    photoIds?: string[];
    videoId?: string;
  }): string;
  /** How many status reads a processed video answers in_progress. */
  videoPolls(): number;
  /** Processing failures by a part of the file URL. */
  videoFailures(): Map<string, { code: number; message: string }>;
}

export function createFakePageMedia(host: PageMediaHost) {
  const photos = new Map<string, FakePhoto>();
  const videos = new Map<string, FakeVideo>();
  const stories: FakeStory[] = [];
  const { ok, invalid } = host;
  const unix = () => Math.floor(host.now().getTime() / 1000);

  function scheduleError(when: number | null, maxDays: number): Answer | null {
    const seconds = (when ?? 0) - unix();
    if (when === null || seconds < 10 * 60 || seconds > maxDays * 86400)
      return invalid("The specified scheduled publish time is invalid.", 100);
    return null;
  }

  function unpublishedPhoto(page: PageLike, params: Record<string, string>): Answer {
    if (!params.url) return invalid("(#100) Missing parameter url");
    if (params.url.includes("fail"))
      return host.graphError({ status: 400, code: 324, message: "(#324) Requires upload file" });
    const id = host.newId();
    photos.set(id, {
      id,
      pageId: page.id,
      url: params.url,
      temporary: params.temporary === "true",
      createdTime: host.now().toISOString(),
      usedBy: null,
    });
    return ok({ id });
  }

  /** attached_media as JSON (`[{"media_fbid":".."}]`) or form-indexed (`attached_media[0]={"media_fbid":".."}`). */
  function attachedIds(params: Record<string, string>): string[] | null {
    const raw = params.attached_media;
    const entries: unknown[] = [];
    try {
      if (raw) entries.push(...(JSON.parse(raw) as unknown[]));
      for (const [key, value] of Object.entries(params))
        if (/^attached_media\[\d+\]$/.test(key)) entries.push(JSON.parse(value));
    } catch {
      return null;
    }
    return entries.map((entry) => String((entry as { media_fbid?: unknown }).media_fbid ?? ""));
  }

  function multiPhoto(page: PageLike, params: Record<string, string>): Answer {
    const ids = attachedIds(params);
    if (!ids) return invalid("(#100) attached_media must be an array of objects with media_fbid");
    for (const id of ids) {
      const photo = photos.get(id);
      if (!photo || photo.pageId !== page.id) return invalid(`(#100) Invalid media_fbid ${id}`);
      if (photo.usedBy) return invalid(`(#100) The photo ${id} is already attached to a post`);
    }
    const published = params.published !== "false";
    const when = params.scheduled_publish_time ? Number(params.scheduled_publish_time) : null;
    if (!published) {
      const refused = scheduleError(when, 75);
      if (refused) return refused;
      const permanent = ids.find((id) => !photos.get(id)?.temporary);
      if (permanent)
        return invalid(
          `(#100) A scheduled post's photos must be uploaded with temporary=true (${permanent})`,
        );
    }
    const postId = host.addPost({
      pageId: page.id,
      kind: "multi_photo",
      message: params.message ?? "",
      published,
      scheduledPublishTime: published ? null : when,
      photoIds: ids,
    });
    for (const id of ids) {
      const photo = photos.get(id);
      if (photo) photo.usedBy = postId;
    }
    host.count(params.message ?? "");
    return ok({ id: postId });
  }

  function newVideo(page: PageLike, kind: FakeVideo["kind"], fileUrl: string | null): FakeVideo {
    const video: FakeVideo = {
      id: host.newId(),
      pageId: page.id,
      kind,
      fileUrl,
      description: "",
      uploads: [],
      uploaded: fileUrl !== null,
      pollsLeft: host.videoPolls(),
      failure: null,
      publishStatus: "not_started",
      scheduledPublishTime: null,
      finishCalls: 0,
      createdTime: host.now().toISOString(),
      deleted: false,
    };
    if (fileUrl) video.failure = failureOf(fileUrl);
    videos.set(video.id, video);
    return video;
  }

  function failureOf(fileUrl: string): FakeVideo["failure"] {
    for (const [part, failure] of host.videoFailures()) if (fileUrl.includes(part)) return failure;
    return null;
  }

  function videoPost(page: PageLike, params: Record<string, string>): Answer {
    if (!params.file_url) return invalid("(#100) Missing parameter file_url");
    if (params.file_url.includes("unreachable"))
      return host.graphError({ status: 400, code: 389, message: "Unable to fetch video file from URL." });
    const published = params.published !== "false";
    const when = params.scheduled_publish_time ? Number(params.scheduled_publish_time) : null;
    if (!published) {
      const refused = scheduleError(when, 180);
      if (refused) return refused;
    }
    const video = newVideo(page, "video", params.file_url);
    video.description = params.description ?? "";
    video.publishStatus = published ? "published" : "scheduled";
    video.scheduledPublishTime = published ? null : when;
    video.pollsLeft = 0;
    host.addPost({
      pageId: page.id,
      kind: "video",
      message: video.description,
      published,
      scheduledPublishTime: video.scheduledPublishTime,
      videoId: video.id,
    });
    host.count(video.description);
    return ok({ id: video.id });
  }

  const uploadUrlOf = (video: FakeVideo) => `${host.baseUrl()}/video-upload/${host.version}/${video.id}`;

  function processed(video: FakeVideo): "uploading" | "processing" | "ready" | "error" {
    if (!video.uploaded) return "uploading";
    if (video.failure) return video.pollsLeft > 0 ? "processing" : "error";
    return video.pollsLeft > 0 ? "processing" : "ready";
  }

  function reelPhase(page: PageLike, params: Record<string, string>, kind: "reel" | "story"): Answer {
    if (params.upload_phase === "start") {
      const video = newVideo(page, kind, null);
      return ok({ video_id: video.id, upload_url: uploadUrlOf(video) });
    }
    if (params.upload_phase !== "finish") return invalid("(#100) upload_phase must be start or finish");
    const video = videos.get(params.video_id ?? "");
    if (!video || video.pageId !== page.id || video.kind !== kind)
      return invalid(`(#100) Invalid video_id ${params.video_id ?? ""}`);
    video.finishCalls += 1;
    if (video.publishStatus !== "not_started")
      return invalid("(#100) This video has already been finished", 100);
    if (!video.uploaded) return invalid("(#100) The video was not uploaded");
    if (processed(video) === "error")
      return host.graphError({
        status: 400,
        code: 6000,
        message: `There was a problem uploading your video file: ${video.failure?.message ?? ""}`,
      });
    if (kind === "story") {
      video.publishStatus = "published";
      const postId = host.newId();
      stories.unshift({
        postId,
        pageId: page.id,
        mediaType: "video",
        mediaId: video.id,
        creationTime: unix(),
      });
      return ok({ success: true, post_id: postId });
    }
    const state = params.video_state ?? "PUBLISHED";
    const when = params.scheduled_publish_time ? Number(params.scheduled_publish_time) : null;
    if (state === "SCHEDULED") {
      const refused = scheduleError(when, 29);
      if (refused) return refused;
    } else if (state !== "PUBLISHED" && state !== "DRAFT") {
      return invalid(`(#100) Invalid video_state ${state}`);
    }
    video.description = params.description ?? "";
    video.publishStatus = state === "SCHEDULED" ? "scheduled" : state === "DRAFT" ? "draft" : "published";
    video.scheduledPublishTime = state === "SCHEDULED" ? when : null;
    if (state !== "DRAFT") {
      host.addPost({
        pageId: page.id,
        kind: "reel",
        message: video.description,
        published: state === "PUBLISHED",
        scheduledPublishTime: video.scheduledPublishTime,
        videoId: video.id,
      });
      host.count(video.description);
    }
    return ok({ success: true });
  }

  function photoStory(page: PageLike, params: Record<string, string>): Answer {
    const photo = photos.get(params.photo_id ?? "");
    if (!photo || photo.pageId !== page.id)
      return invalid(`(#100) Invalid photo_id ${params.photo_id ?? ""}`);
    if (photo.usedBy) return invalid("(#100) Media used in an earlier post cannot be reused");
    const postId = host.newId();
    photo.usedBy = postId;
    stories.unshift({ postId, pageId: page.id, mediaType: "photo", mediaId: photo.id, creationTime: unix() });
    return ok({ success: true, post_id: postId });
  }

  /** GET /{video-id}?fields=status, in the shape of section 5.3. */
  function videoStatus(video: FakeVideo): Answer {
    const state = processed(video);
    if (state === "processing") video.pollsLeft -= 1;
    const publishing =
      video.publishStatus === "not_started"
        ? { status: "not_started" }
        : { status: "complete", publish_status: video.publishStatus };
    return ok({
      id: video.id,
      status: {
        video_status: state === "uploading" ? "uploading" : state,
        uploading_phase: { status: video.uploaded ? "complete" : "in_progress" },
        processing_phase:
          state === "error"
            ? { status: "error", errors: [video.failure] }
            : { status: state === "ready" ? "complete" : "not_started" },
        publishing_phase: publishing,
      },
    });
  }

  /** The page's routes for these formats, or null when the call is not one of them. */
  function pageRoute(
    page: PageLike,
    edge: string,
    method: string,
    params: Record<string, string>,
  ): Answer | null {
    if (method === "POST") {
      if (edge === "photos" && params.published === "false" && !params.scheduled_publish_time)
        return unpublishedPhoto(page, params);
      if (edge === "feed" && (params.attached_media || params["attached_media[0]"]))
        return multiPhoto(page, params);
      if (edge === "videos") return videoPost(page, params);
      if (edge === "video_reels") return reelPhase(page, params, "reel");
      if (edge === "video_stories") return reelPhase(page, params, "story");
      if (edge === "photo_stories") return photoStory(page, params);
      return null;
    }
    if (method !== "GET") return null;
    const listed = (kind: FakeVideo["kind"]) =>
      [...videos.values()]
        .filter((video) => video.pageId === page.id && video.kind === kind && !video.deleted)
        .filter((video) => video.publishStatus !== "not_started")
        .reverse()
        .map((video) => ({ id: video.id, description: video.description, created_time: video.createdTime }));
    if (edge === "videos") return ok({ data: listed("video") });
    if (edge === "video_reels") return ok({ data: listed("reel") });
    if (edge === "stories")
      return ok({
        data: stories
          .filter((story) => story.pageId === page.id)
          .map((story) => ({
            post_id: story.postId,
            status: "PUBLISHED",
            creation_time: String(story.creationTime),
            media_type: story.mediaType,
            media_id: story.mediaId,
            url: `https://www.facebook.com/stories/${story.postId}`,
          })),
      });
    return null;
  }

  /** Calls on a video, or null when `id` is not one (comments: meta-comments.ts). */
  function objectRoute(
    id: string,
    edge: string | undefined,
    method: string,
    params: Record<string, string>,
    page: PageLike | null,
  ): Answer | null {
    const video = videos.get(id);
    if (!video || edge) return null;
    if (page?.id !== video.pageId)
      return host.graphError({ status: 403, code: 200, message: "(#200) Permissions error" });
    if (video.deleted) return invalid("(#100) This video no longer exists");
    if (method === "GET") return videoStatus(video);
    if (method === "DELETE") {
      video.deleted = true;
      return ok({ success: true });
    }
    if (method === "POST") {
      if (params.description !== undefined) video.description = params.description;
      if (params.scheduled_publish_time) video.scheduledPublishTime = Number(params.scheduled_publish_time);
      return ok({ success: true });
    }
    return null;
  }

  /**
   * rupload.facebook.com's video upload (section 5.3): `Authorization: OAuth <page token>`, and either a
   * `file_url` header (hosted file) or `offset` and `file_size` with the bytes.
   */
  function rupload(
    path: string,
    headers: Record<string, string>,
    pageOfToken: (token: string | null) => PageLike | null,
    bodyBytes: number,
  ): Answer | null {
    const match = /^\/video-upload\/(v\d+\.\d+)\/(\d+)$/.exec(path);
    if (!match) return null;
    const token = /^OAuth (.+)$/.exec(headers.authorization ?? "")?.[1] ?? null;
    const page = pageOfToken(token);
    const debug = (type: string, message: string) => ({
      status: 400,
      body: { debug_info: { retriable: false, type, message } },
    });
    if (!page) return { status: 401, body: { debug_info: { type: "AuthError", message: "Invalid token" } } };
    if (match[1] !== host.version) return debug("ProcessingFailedError", "Unknown API version");
    const video = videos.get(match[2] ?? "");
    if (!video || video.pageId !== page.id) return debug("ProcessingFailedError", "Unknown video id");
    video.uploads.push({ ...headers, authorization: "OAuth <token>" });
    if (headers.file_url) {
      video.fileUrl = headers.file_url;
    } else {
      if (headers.offset === undefined || !headers.file_size)
        return debug("PartialRequestError", "offset and file_size are required");
      if (Number(headers.file_size) !== bodyBytes) return debug("PartialRequestError", "Short body");
      video.fileUrl = `bytes:${bodyBytes}`;
    }
    video.uploaded = true;
    video.pollsLeft = host.videoPolls();
    video.failure = failureOf(video.fileUrl);
    return { status: 200, body: { success: true, message: "Upload successful." } };
  }

  return { photos, videos, stories, pageRoute, objectRoute, rupload };
}

export type FakePageMedia = ReturnType<typeof createFakePageMedia>;
