import { AppError } from "@smm/domain/errors";
import type { PublishMediaItem, SocialPostRequest } from "@smm/domain/ports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../../tests/fakes/meta-graph-server";
import { createLogger } from "../../lib/logger";
import type { OutgoingMedia, OutgoingPost, ProviderConnection } from "../provider";
import { STORY_UNCONFIRMED_REASON } from "./facebook-formats";
import { createMetaProvider } from "./index";
import { COMMENT_UNCONFIRMED_REASON } from "./meta-comments";
import { createGraphClient } from "./meta-graph-client";
import {
  createMetaNetwork,
  type MetaBrandConnection,
  type MetaPostFacts,
  markOf,
  ruploadUrlFor,
  withoutMark,
} from "./meta-network";

/*
 * Facebook Page formats over HTTP against the fake Graph server (contracts/meta-formats-and-inbox.md
 * section 5): multi-photo posts, videos, Reels through the upload host, stories, native scheduling of each,
 * first comments, and exactly one post when an answer is lost.
 */

let fake: FakeMetaGraphServer;
beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.videoPolls = 2;
});

const PAGE_ID = "10100000000";
const PUBLIC_URL = "https://app.example.com";

function setup(timeoutMs = 2000) {
  const stored = new Map<string, MetaPostFacts>();
  const connection = (): MetaBrandConnection => {
    const page = fake.pages.get(PAGE_ID);
    if (!page) throw new Error("fake page missing");
    return { pageId: page.id, pageToken: page.token, instagramAccountId: page.instagramAccountId };
  };
  const network = createMetaNetwork({
    graph: createGraphClient({
      graphUrl: fake.url,
      version: "v25.0",
      timeoutMs,
      retryDelayMs: 1,
      sleep: async () => {},
    }),
    publicUrl: PUBLIC_URL,
    ruploadUrl: ruploadUrlFor(fake.url),
    loadConnection: async () => connection(),
    readPost: async ({ postId }) => stored.get(postId) ?? null,
    onTokenExpired: async () => {},
    containerPoll: { initialDelayMs: 1, attempts: 5 },
    logger: createLogger("silent"),
  });
  return { network, stored, connection };
}

let counter = 0;
function post(values: Partial<SocialPostRequest> = {}): SocialPostRequest {
  counter += 1;
  return {
    userId: "user-1",
    brandId: "brand-1",
    postId: `fb-post-${counter}`,
    platform: "facebook",
    content: `Weekend opening hours, no. ${counter} ${Math.random()}`,
    imageUrl: null,
    marker: `attempt-${counter}-${Math.random()}`,
    ...values,
  };
}

const image = (name: string): PublishMediaItem => ({
  kind: "image",
  mediaId: null,
  url: `https://cdn.example.com/${name}.jpg`,
  mimeType: "image/jpeg",
  altText: "",
  width: 1200,
  height: 1200,
  byteSize: 200_000,
  durationMs: null,
  coverUrl: null,
  coverMs: null,
});
const video = (name: string): PublishMediaItem => ({
  kind: "video",
  mediaId: null,
  url: `https://cdn.example.com/${name}.mp4`,
  mimeType: "video/mp4",
  altText: "",
  width: 1080,
  height: 1920,
  byteSize: 5_000_000,
  durationMs: 20_000,
  coverUrl: null,
  coverMs: null,
});

const calls = (method: string, path: RegExp) =>
  fake.requests.filter((r) => r.method === method && path.test(r.path));
const unix = (date: Date) => String(Math.floor(date.getTime() / 1000));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("a multi-photo post", () => {
  it("uploads each photo unpublished, then makes one feed post attaching them with the message", async () => {
    const { network } = setup();
    const request = post({
      format: "carousel",
      media: [image("one"), { ...image("two"), url: "/api/media/m2/file?signature=s" }, image("three")],
    });
    const { externalId } = await network.publish(request);
    const photoCalls = calls("POST", new RegExp(`^/${PAGE_ID}/photos$`));
    expect(photoCalls.map((r) => r.params)).toEqual([
      { url: "https://cdn.example.com/one.jpg", published: "false" },
      { url: `${PUBLIC_URL}/api/media/m2/file?signature=s`, published: "false" },
      { url: "https://cdn.example.com/three.jpg", published: "false" },
    ]);
    const stored = fake.posts.get(externalId);
    expect(stored).toMatchObject({ kind: "multi_photo", published: true });
    const feed = calls("POST", new RegExp(`^/${PAGE_ID}/feed$`))[0]?.params;
    expect(JSON.parse(feed?.attached_media ?? "[]")).toEqual(
      (stored?.photoIds ?? []).map((id) => ({ media_fbid: id })),
    );
    expect(stored?.photoIds).toHaveLength(3);
    expect(feed).toMatchObject({ published: "true" });
    expect(withoutMark(feed?.message ?? "")).toBe(request.content);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("is scheduled natively: temporary photos, then the feed post held with scheduled_publish_time", async () => {
    const { network } = setup();
    const at = new Date(Date.now() + 3 * 3_600_000);
    const request = post({ format: "carousel", media: [image("s1"), image("s2")] });
    const { externalId } = await network.schedule({ ...request, scheduledDate: at });
    for (const call of calls("POST", /\/photos$/))
      expect(call.params).toMatchObject({ published: "false", temporary: "true" });
    expect(calls("POST", /\/feed$/)[0]?.params).toMatchObject({
      published: "false",
      scheduled_publish_time: unix(at),
    });
    expect(fake.posts.get(externalId ?? "")).toMatchObject({ published: false, kind: "multi_photo" });
  });

  it("names the photo Facebook refused, and makes no post", async () => {
    const { network } = setup();
    const request = post({ format: "carousel", media: [image("fine"), image("fail-me")] });
    const error = await failure(network.publish(request));
    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toMatch(/^Facebook could not process photo 2 of the post: /);
    expect(calls("POST", /\/feed$/)).toHaveLength(0);
  });

  it("makes one post when the feed call's answer is lost", async () => {
    const { network } = setup();
    const request = post({ format: "carousel", media: [image("l1"), image("l2")] });
    fake.dropAnswerNext({ method: "POST", path: /\/feed$/ });
    const { externalId } = await network.publish(request);
    expect(fake.creationsOf(request.content)).toBe(1);
    expect(fake.posts.get(externalId)?.kind).toBe("multi_photo");
  });
});

describe("a video post", () => {
  it("goes to /videos with the hosted file and the text as its description", async () => {
    const { network } = setup();
    const request = post({ media: [video("clip")] });
    const { externalId } = await network.publish(request);
    const call = calls("POST", new RegExp(`^/${PAGE_ID}/videos$`))[0];
    expect(call?.params).toMatchObject({ file_url: "https://cdn.example.com/clip.mp4", published: "true" });
    expect(withoutMark(call?.params.description ?? "")).toBe(request.content);
    expect(fake.videos.get(externalId)).toMatchObject({ kind: "video", publishStatus: "published" });
  });

  it("is scheduled with published=false and scheduled_publish_time", async () => {
    const { network } = setup();
    const at = new Date(Date.now() + 5 * 3_600_000);
    const { externalId } = await network.schedule({
      ...post({ media: [video("later")] }),
      scheduledDate: at,
    });
    expect(calls("POST", /\/videos$/)[0]?.params).toMatchObject({
      published: "false",
      scheduled_publish_time: unix(at),
    });
    expect(fake.videos.get(externalId ?? "")?.publishStatus).toBe("scheduled");
  });

  it("is found by its description's marker when the answer was lost", async () => {
    const { network } = setup();
    const request = post({ media: [video("lost-video")] });
    fake.dropAnswerNext({ method: "POST", path: /\/videos$/ });
    const { externalId } = await network.publish(request);
    expect(fake.creationsOf(request.content)).toBe(1);
    expect(fake.videos.get(externalId)?.description.endsWith(markOf(request.marker ?? ""))).toBe(true);
  });
});

describe("a Facebook Reel", () => {
  it("starts, hands the hosted file to the upload host, waits for processing, then finishes PUBLISHED", async () => {
    const { network, connection } = setup();
    const request = post({ format: "reel", media: [video("reel")] });
    const { externalId } = await network.publish(request);
    const steps = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(steps).toEqual([
      `POST /${PAGE_ID}/video_reels`,
      `POST /video-upload/v25.0/${externalId}`,
      `GET /${externalId}`,
      `GET /${externalId}`,
      `GET /${externalId}`,
      `POST /${PAGE_ID}/video_reels`,
    ]);
    const [start, upload, , , , finish] = fake.requests;
    expect(start?.params).toEqual({ upload_phase: "start" });
    expect(upload).toMatchObject({
      token: connection().pageToken,
      headers: { file_url: "https://cdn.example.com/reel.mp4" },
    });
    expect(finish?.params).toMatchObject({
      video_id: externalId,
      upload_phase: "finish",
      video_state: "PUBLISHED",
    });
    expect(finish?.params.scheduled_publish_time).toBeUndefined();
    expect(withoutMark(finish?.params.description ?? "")).toBe(request.content);
    expect(fake.videos.get(externalId)).toMatchObject({ kind: "reel", publishStatus: "published" });
  });

  it("is scheduled with video_state=SCHEDULED and scheduled_publish_time", async () => {
    const { network } = setup();
    const at = new Date(Date.now() + 26 * 3_600_000);
    const { externalId } = await network.schedule({
      ...post({ format: "reel", media: [video("held")] }),
      scheduledDate: at,
    });
    const finish = calls("POST", /\/video_reels$/).at(-1);
    expect(finish?.params).toMatchObject({ video_state: "SCHEDULED", scheduled_publish_time: unix(at) });
    expect(fake.videos.get(externalId ?? "")?.publishStatus).toBe("scheduled");
  });

  it("is left to the publish job beyond 29 days, where Meta holds no Reel", async () => {
    const { network } = setup();
    const result = await network.schedule({
      ...post({ format: "reel", media: [video("far")] }),
      scheduledDate: new Date(Date.now() + 29.5 * 86_400_000),
    });
    expect(result.externalId).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it("tells the user Facebook's reason when processing fails, and never finishes it", async () => {
    const { network } = setup();
    const error = await failure(network.publish(post({ format: "reel", media: [video("fail-reel")] })));
    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toBe(
      "Facebook could not process the Reel's video: The video could not be processed: its format is not supported (error 1363008).",
    );
    expect(calls("POST", /\/video_reels$/).filter((r) => r.params.upload_phase === "finish")).toHaveLength(0);
  });

  it("reads the video's publishing phase after a lost finish answer, and makes one Reel", async () => {
    const { network } = setup();
    const request = post({ format: "reel", media: [video("lost-finish")] });
    fake.dropAnswerNext({ method: "POST", path: /\/video_reels$/, params: { upload_phase: "finish" } });
    const { externalId } = await network.publish(request);
    const finishes = calls("POST", /\/video_reels$/).filter((r) => r.params.upload_phase === "finish");
    expect(finishes).toHaveLength(1);
    expect(fake.videos.get(externalId)).toMatchObject({ finishCalls: 1, publishStatus: "published" });
    expect(fake.creationsOf(request.content)).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/${externalId}` });
  });

  it("sends the same finish again when Facebook failed before taking it (one video makes one Reel)", async () => {
    const { network } = setup();
    const request = post({ format: "reel", media: [video("retry-finish")] });
    fake.failNext(
      { method: "POST", path: /\/video_reels$/, params: { upload_phase: "finish" } },
      { status: 500, code: 2, message: "Service temporarily unavailable" },
    );
    const { externalId } = await network.publish(request);
    const finishes = calls("POST", /\/video_reels$/).filter((r) => r.params.upload_phase === "finish");
    expect(finishes.map((r) => r.params.video_id)).toEqual([externalId, externalId]);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("never sends the page token to an upload host other than the configured one", async () => {
    expect(ruploadUrlFor("https://graph.facebook.com")).toBe("https://rupload.facebook.com");
    expect(ruploadUrlFor(fake.url)).toBe(fake.url);
    const { network } = setup();
    const { externalId } = await network.publish(post({ format: "reel", media: [video("host")] }));
    const upload = fake.requests.find((r) => r.path.startsWith("/video-upload/"));
    expect(upload?.path).toBe(`/video-upload/v25.0/${externalId}`);
  });
});

describe("a Facebook story", () => {
  it("is an unpublished photo shown through /photo_stories, without the text", async () => {
    const { network } = setup();
    const request = post({ format: "story", media: [image("story")] });
    const { externalId } = await network.publish(request);
    const photo = calls("POST", /\/photos$/)[0];
    expect(photo?.params).toEqual({ url: "https://cdn.example.com/story.jpg", published: "false" });
    const photoId = fake.stories.find((s) => s.postId === externalId)?.mediaId;
    expect(calls("POST", /\/photo_stories$/)[0]?.params).toEqual({ photo_id: photoId });
    expect(fake.requests.some((r) => Object.values(r.params).some((v) => v.includes(request.content)))).toBe(
      false,
    );
    expect(fake.stories[0]).toMatchObject({ postId: externalId, mediaType: "photo" });
  });

  it("is a video through /video_stories start, the upload host and finish", async () => {
    const { network } = setup();
    const { externalId } = await network.publish(post({ format: "story", media: [video("story-clip")] }));
    const storyCalls = calls("POST", /\/video_stories$/).map((r) => r.params.upload_phase);
    expect(storyCalls).toEqual(["start", "finish"]);
    const story = fake.stories.find((s) => s.postId === externalId);
    expect(story?.mediaType).toBe("video");
    expect(fake.videos.get(story?.mediaId ?? "")?.uploads[0]).toMatchObject({
      file_url: "https://cdn.example.com/story-clip.mp4",
    });
  });

  it("is found among the page's stories by its photo when the answer was lost, not sent again", async () => {
    const { network } = setup();
    const before = fake.stories.length;
    fake.dropAnswerNext({ method: "POST", path: /\/photo_stories$/ });
    const { externalId } = await network.publish(post({ format: "story", media: [image("lost")] }));
    expect(fake.stories).toHaveLength(before + 1);
    expect(fake.stories[0]?.postId).toBe(externalId);
    expect(calls("POST", /\/photo_stories$/)).toHaveLength(1);
  });

  it("is unconfirmed, never finished twice, when the answer is lost and the stories cannot be read", async () => {
    const { network } = setup();
    const before = fake.stories.length;
    fake.dropAnswerNext({ method: "POST", path: /\/video_stories$/, params: { upload_phase: "finish" } });
    for (let i = 0; i < 4; i++)
      fake.failNext({ method: "GET", path: /\/stories$/ }, { status: 500, code: 2, message: "down" });
    const error = await failure(network.publish(post({ format: "story", media: [video("unknown")] })));
    expect(error).toMatchObject({ reason: "publish_unconfirmed", message: STORY_UNCONFIRMED_REASON });
    expect(calls("POST", /\/video_stories$/).filter((r) => r.params.upload_phase === "finish")).toHaveLength(
      1,
    );
    expect(fake.stories).toHaveLength(before + 1);
  });

  it("has no native scheduling: the publish job sends it", async () => {
    const { network } = setup();
    const result = await network.schedule({
      ...post({ format: "story", media: [image("later")] }),
      scheduledDate: new Date(Date.now() + 3_600_000),
    });
    expect(result.externalId).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe("first comments on Facebook", () => {
  const commentOn = (
    network: ReturnType<typeof setup>["network"],
    externalId: string,
    message = "Menu: https://example.com/menu",
  ) =>
    network.comment({
      userId: "user-1",
      brandId: "brand-1",
      postId: "p",
      platform: "facebook",
      externalId,
      message,
    });

  it("comments on the page post as the page", async () => {
    const { network, connection } = setup();
    const { externalId } = await network.publish(
      post({ format: "carousel", media: [image("c1"), image("c2")] }),
    );
    const { externalId: commentId } = await commentOn(network, externalId);
    expect(calls("POST", new RegExp(`^/${externalId}/comments$`))[0]).toMatchObject({
      token: connection().pageToken,
      params: { message: "Menu: https://example.com/menu" },
    });
    expect(fake.comments.find((c) => c.id === commentId)).toMatchObject({
      objectId: externalId,
      fromId: PAGE_ID,
    });
  });

  it("comments on a Reel's video id", async () => {
    const { network } = setup();
    const { externalId } = await network.publish(post({ format: "reel", media: [video("commented")] }));
    await commentOn(network, externalId, "Full recipe in the comments");
    expect(fake.comments.filter((c) => c.objectId === externalId).map((c) => c.message)).toEqual([
      "Full recipe in the comments",
    ]);
  });

  it("finds the page's comment with that text after a lost answer instead of sending it again", async () => {
    const { network } = setup();
    const { externalId } = await network.publish(post());
    fake.dropAnswerNext({ method: "POST", path: /\/comments$/ });
    const { externalId: commentId } = await commentOn(network, externalId, "Lost answer");
    const made = fake.comments.filter((c) => c.objectId === externalId);
    expect(made.map((c) => c.id)).toEqual([commentId]);
    expect(calls("GET", new RegExp(`^/${externalId}/comments$`))[0]?.params).toMatchObject({
      order: "reverse_chronological",
    });
  });

  it("sends it again when the lost answer left no comment, and says unconfirmed when it cannot look", async () => {
    const { network } = setup();
    const { externalId } = await network.publish(post());
    fake.failNext({ method: "POST", path: /\/comments$/ }, { status: 500, code: 1, message: "unknown" });
    await commentOn(network, externalId, "Second try");
    expect(fake.comments.filter((c) => c.objectId === externalId)).toHaveLength(1);

    fake.dropAnswerNext({ method: "POST", path: /\/comments$/ });
    for (let i = 0; i < 4; i++)
      fake.failNext({ method: "GET", path: /\/comments$/ }, { status: 500, code: 2, message: "down" });
    const error = await failure(commentOn(network, externalId, "Cannot look"));
    expect(error).toMatchObject({ reason: "publish_unconfirmed", message: COMMENT_UNCONFIRMED_REASON });
    expect(fake.comments.filter((c) => c.message === "Cannot look")).toHaveLength(1);
  });

  it("returns an error the user can read when the comment is refused, and leaves the post alone", async () => {
    const { network } = setup();
    const request = post();
    const { externalId } = await network.publish(request);
    fake.requests.length = 0;
    fake.failNext(
      { method: "POST", path: /\/comments$/ },
      { status: 400, code: 1705, message: "(#1705) There was an error posting to this wall" },
    );
    const error = await failure(commentOn(network, externalId));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe("(#1705) There was an error posting to this wall");
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /${externalId}/comments`]);
    expect(fake.posts.get(externalId)?.deleted).toBe(false);
    expect(fake.creationsOf(request.content)).toBe(1);
  });
});

describe("settling a lost attempt by the post's format", () => {
  it("looks for a Reel among the page's Reels and a video post among its videos", async () => {
    const { network, stored } = setup();
    const reel = post({ format: "reel", media: [video("settle-reel")] });
    const clip = post({ media: [video("settle-video")] });
    stored.set(reel.postId, { content: reel.content, platform: "facebook", format: "reel" });
    stored.set(clip.postId, { content: clip.content, platform: "facebook", format: "feed", video: true });
    const reelId = (await network.publish(reel)).externalId;
    const clipId = (await network.publish(clip)).externalId;
    const lookup = (request: SocialPostRequest) => ({
      userId: "user-1",
      brandId: "brand-1",
      postId: request.postId,
      marker: request.marker ?? "",
      since: null,
    });
    fake.requests.length = 0;
    expect((await network.findPublished(lookup(reel)))?.externalId).toBe(reelId);
    expect((await network.findPublished(lookup(clip)))?.externalId).toBe(clipId);
    expect(fake.requests.map((r) => r.path)).toEqual([`/${PAGE_ID}/video_reels`, `/${PAGE_ID}/videos`]);
  });
});

describe("the Meta provider", () => {
  it("hands the router's post to the adapter with its format and every item, and posts first comments", async () => {
    const { network } = setup();
    const provider = createMetaProvider({
      network,
      insights: { readPageInsights: async () => ({}) as never },
      ads: {} as never,
    });
    const connection: ProviderConnection<null> = {
      userId: "user-1",
      brandId: "brand-1",
      platform: "instagram",
      externalAccountId: PAGE_ID,
      handle: null,
      tokenExpiresAt: null,
      credentials: null,
      metadata: {},
      saveCredentials: async () => {},
      markExpired: async () => {},
    };
    const outgoing = (item: PublishMediaItem): OutgoingMedia => ({
      ...item,
      read: async () => ({ bytes: new Uint8Array(), mimeType: item.mimeType }),
    });
    const media = [image("p1"), video("p2")].map(outgoing);
    const content = `Through the provider ${Math.random()}`;
    const outgoingPost: OutgoingPost = {
      postId: "provider-post",
      content,
      language: "en",
      format: "carousel",
      media,
      images: media.filter((item) => item.kind === "image"),
      marker: "provider-marker",
      attemptAt: new Date(),
    };
    const copy = await provider.publish(connection, outgoingPost);
    expect(fake.igMedia.get(copy.externalId)?.mediaType).toBe("CAROUSEL_ALBUM");
    expect(fake.requests.some((r) => r.params.media_type === "VIDEO")).toBe(true);
    const comment = await provider.comment?.(connection, copy.externalId, "First!");
    expect(fake.comments.find((c) => c.id === comment?.externalId)?.message).toBe("First!");
  });
});
