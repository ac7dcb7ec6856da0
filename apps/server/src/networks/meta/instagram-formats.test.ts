import { AppError } from "@smm/domain/errors";
import type { PublishMediaItem, SocialPostRequest } from "@smm/domain/ports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../../tests/fakes/meta-graph-server";
import { createLogger } from "../../lib/logger";
import { INSTAGRAM_PUBLISHED_NOT_FOUND } from "./instagram-formats";
import { createGraphClient } from "./meta-graph-client";
import {
  createMetaNetwork,
  type MetaBrandConnection,
  type MetaPostFacts,
  markOf,
  STORY_AMBIGUOUS_REASON,
  withoutMark,
} from "./meta-network";

/*
 * Instagram's formats over HTTP against the fake Graph server (contracts/meta-formats-and-inbox.md
 * sections 1-4 and 6): what each container carries, the order of calls, what the user is told when an item
 * cannot be processed, and that a publish whose answer was lost makes exactly one post.
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
  fake.containerPolls = 2;
  fake.videoPolls = 2;
});

const PAGE_ID = "10100000000";
const IG_ID = "17841400000000001";
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
    ruploadUrl: fake.url,
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
    postId: `ig-post-${counter}`,
    platform: "instagram",
    content: `Autumn menu, part ${counter} ${Math.random()}`,
    imageUrl: null,
    marker: `attempt-${counter}-${Math.random()}`,
    ...values,
  };
}

const image = (name: string, altText = ""): PublishMediaItem => ({
  kind: "image",
  mediaId: null,
  url: `https://cdn.example.com/${name}.jpg`,
  mimeType: "image/jpeg",
  altText,
  width: 1080,
  height: 1080,
  byteSize: 200_000,
  durationMs: null,
  coverUrl: null,
  coverMs: null,
});
const video = (name: string, values: Partial<PublishMediaItem> = {}): PublishMediaItem => ({
  kind: "video",
  mediaId: null,
  url: `https://cdn.example.com/${name}.mp4`,
  mimeType: "video/mp4",
  altText: "",
  width: 1080,
  height: 1920,
  byteSize: 5_000_000,
  durationMs: 15_000,
  coverUrl: null,
  coverMs: null,
  ...values,
});

const calls = (method: string, path: RegExp) =>
  fake.requests.filter((r) => r.method === method && path.test(r.path));
const mediaCreates = () => calls("POST", new RegExp(`^/${IG_ID}/media$`));
const publishes = () => calls("POST", new RegExp(`^/${IG_ID}/media_publish$`));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("an Instagram feed image", () => {
  it("sends its alt text with the image (and keeps the fitted copy the request names)", async () => {
    const { network } = setup();
    const request = post({
      imageUrl: "/api/media/m1/file?variant=instagram&signature=s",
      media: [image("original", "A latte with a leaf drawn in the foam")],
    });
    const { externalId } = await network.publish(request);
    const [create] = mediaCreates();
    expect(create?.params).toMatchObject({
      image_url: `${PUBLIC_URL}/api/media/m1/file?variant=instagram&signature=s`,
      alt_text: "A latte with a leaf drawn in the foam",
    });
    expect(create?.params.media_type).toBeUndefined();
    expect(withoutMark(create?.params.caption ?? "")).toBe(request.content);
    expect(fake.igMedia.get(externalId)).toMatchObject({
      mediaType: "IMAGE",
      altText: "A latte with a leaf drawn in the foam",
    });
  });

  it("sends no alt_text when the image has none", async () => {
    const { network } = setup();
    await network.publish(post({ imageUrl: "https://cdn.example.com/plain.jpg" }));
    expect(mediaCreates()[0]?.params.alt_text).toBeUndefined();
  });
});

describe("an Instagram carousel", () => {
  it("makes one child per item, waits for each, then publishes one CAROUSEL parent with the caption", async () => {
    const { network } = setup();
    const request = post({
      format: "carousel",
      media: [
        image("one", "First cup"),
        { ...image("two", "Second cup"), url: "/api/media/m2/file?signature=s" },
        video("three"),
      ],
    });
    const { externalId } = await network.publish(request);

    const creates = mediaCreates();
    expect(creates).toHaveLength(4);
    expect(creates[0]?.params).toEqual({
      image_url: "https://cdn.example.com/one.jpg",
      is_carousel_item: "true",
      alt_text: "First cup",
    });
    expect(creates[1]?.params).toEqual({
      image_url: `${PUBLIC_URL}/api/media/m2/file?signature=s`,
      is_carousel_item: "true",
      alt_text: "Second cup",
    });
    expect(creates[2]?.params).toEqual({
      media_type: "VIDEO",
      video_url: "https://cdn.example.com/three.mp4",
      is_carousel_item: "true",
    });
    const children = [...fake.containers.values()].filter((c) => c.isCarouselItem).slice(-3);
    for (const child of children) expect(child.caption).toBe("");
    const parent = creates[3]?.params;
    expect(parent).toMatchObject({ media_type: "CAROUSEL", children: children.map((c) => c.id).join(",") });
    expect(withoutMark(parent?.caption ?? "")).toBe(request.content);
    expect(parent?.caption?.endsWith(markOf(request.marker ?? ""))).toBe(true);

    // Every child was polled to FINISHED before the parent was made.
    const parentAt = fake.requests.findIndex((r) => r.params.media_type === "CAROUSEL");
    for (const child of children) {
      const polls = fake.requests
        .map((r, index) => ({ r, index }))
        .filter(({ r }) => r.method === "GET" && r.path === `/${child.id}`);
      expect(polls.length).toBeGreaterThan(0);
      expect(polls.every(({ index }) => index < parentAt)).toBe(true);
    }
    expect(publishes()).toHaveLength(1);

    // Read back as one CAROUSEL_ALBUM with its three items.
    const token = fake.pages.get(PAGE_ID)?.token ?? "";
    const read = await fetch(`${fake.url}/v25.0/${externalId}?fields=media_type`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ media_type: string }>);
    expect(read.media_type).toBe("CAROUSEL_ALBUM");
    const items = await fetch(`${fake.url}/v25.0/${externalId}/children`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ data: { media_type: string; alt_text?: string }[] }>);
    expect(items.data.map((item) => [item.media_type, item.alt_text])).toEqual([
      ["IMAGE", "First cup"],
      ["IMAGE", "Second cup"],
      ["VIDEO", undefined],
    ]);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("publishes nothing when its third item fails, and says which item and Instagram's reason", async () => {
    const { network } = setup();
    const request = post({
      format: "carousel",
      media: [image("a"), image("b"), video("will-fail")],
    });
    const error = await failure(network.publish(request));
    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toMatch(/^Instagram could not process item 3 of the carousel: /);
    expect(error.message).toContain("the video's format is not supported");
    expect(error.message).toContain("2207026");
    expect(mediaCreates().some((r) => r.params.media_type === "CAROUSEL")).toBe(false);
    expect(publishes()).toHaveLength(0);
    expect(fake.creationsOf(request.content)).toBe(0);
  });

  it("refuses fewer than 2 items before calling Instagram", async () => {
    const { network } = setup();
    const error = await failure(network.publish(post({ format: "carousel", media: [image("alone")] })));
    expect(error.reason).toBe("media_not_fitting");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("an Instagram Reel", () => {
  it("is a REELS container shared to the feed with its cover image, polled to FINISHED, then published", async () => {
    const { network } = setup();
    const request = post({
      format: "reel",
      media: [video("reel", { coverUrl: "/api/media/v1/file?variant=poster&signature=s", coverMs: 2500 })],
    });
    const { externalId } = await network.publish(request);
    const [create] = mediaCreates();
    expect(create?.params).toMatchObject({
      media_type: "REELS",
      video_url: "https://cdn.example.com/reel.mp4",
      share_to_feed: "true",
      cover_url: `${PUBLIC_URL}/api/media/v1/file?variant=poster&signature=s`,
    });
    expect(create?.params.thumb_offset).toBeUndefined();
    expect(withoutMark(create?.params.caption ?? "")).toBe(request.content);
    const container = [...fake.containers.values()].at(-1);
    expect(calls("GET", new RegExp(`^/${container?.id}$`)).length).toBe(fake.videoPolls + 1);
    expect(fake.igMedia.get(externalId)).toMatchObject({ mediaType: "VIDEO", mediaProductType: "REELS" });
  });

  it("takes its cover from the video at coverMs when it has no cover image", async () => {
    const { network } = setup();
    await network.publish(post({ format: "reel", media: [video("no-cover", { coverMs: 1500 })] }));
    expect(mediaCreates()[0]?.params).toMatchObject({ media_type: "REELS", thumb_offset: "1500" });
    expect(mediaCreates()[0]?.params.cover_url).toBeUndefined();
  });

  it("tells the user Instagram's reason when processing fails, and publishes nothing", async () => {
    const { network } = setup();
    const request = post({ format: "reel", media: [video("fail-codec")] });
    const error = await failure(network.publish(request));
    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toBe(
      "Instagram could not process the Reel's video: the video's format is not supported (MP4 or MOV, H.264 or HEVC video, AAC audio, within the size and length limits) (error 2207026).",
    );
    expect(publishes()).toHaveLength(0);
  });

  it("passes on Instagram's own words for a status it gives no known code for", async () => {
    const { network } = setup();
    fake.containerFailures.set("odd", "Error: The video is too dark to process");
    try {
      const error = await failure(network.publish(post({ format: "reel", media: [video("odd")] })));
      expect(error.message).toBe(
        "Instagram could not process the Reel's video: Error: The video is too dark to process.",
      );
    } finally {
      fake.containerFailures.delete("odd");
    }
  });

  it("is a media_not_fitting error without a video", async () => {
    const { network } = setup();
    const error = await failure(network.publish(post({ format: "reel", media: [image("still")] })));
    expect(error.reason).toBe("media_not_fitting");
  });
});

describe("an Instagram story", () => {
  it("is a STORIES container with the image and no caption", async () => {
    const { network } = setup();
    const request = post({ format: "story", media: [image("story", "ignored on stories")] });
    const { externalId } = await network.publish(request);
    expect(mediaCreates()[0]?.params).toEqual({
      media_type: "STORIES",
      image_url: "https://cdn.example.com/story.jpg",
    });
    expect(fake.igStories[0]).toMatchObject({ id: externalId, mediaProductType: "STORY", caption: "" });
    expect(fake.igMedia.has(externalId)).toBe(false);
  });

  it("is a STORIES container with video_url for a video story", async () => {
    const { network } = setup();
    const { externalId } = await network.publish(post({ format: "story", media: [video("clip")] }));
    expect(mediaCreates()[0]?.params).toEqual({
      media_type: "STORIES",
      video_url: "https://cdn.example.com/clip.mp4",
    });
    expect(fake.igStories[0]).toMatchObject({ id: externalId, mediaType: "VIDEO" });
  });
});

describe("a publish whose answer is lost", () => {
  it("reads the container again (PUBLISHED) and finds the one carousel, never publishing twice", async () => {
    const { network } = setup();
    const request = post({ format: "carousel", media: [image("x"), image("y")] });
    fake.dropAnswerNext({ method: "POST", path: /\/media_publish$/ });
    const { externalId } = await network.publish(request);
    expect(publishes()).toHaveLength(1);
    expect(fake.creationsOf(request.content)).toBe(1);
    const parent = fake.containers.get(publishes()[0]?.params.creation_id ?? "");
    expect(parent).toMatchObject({ mediaType: "CAROUSEL", published: true });
    expect(fake.igMedia.get(externalId)?.containerId).toBe(parent?.id);
    const afterPublish = fake.requests.slice(
      fake.requests.findIndex((r) => r.path.endsWith("media_publish")),
    );
    expect(afterPublish.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /${IG_ID}/media_publish`,
      `GET /${parent?.id}`,
      `GET /${IG_ID}/media`,
    ]);
  });

  it("publishes the same container again when Instagram failed before publishing it", async () => {
    const { network } = setup();
    const request = post({ format: "reel", media: [video("retry")] });
    fake.failNext(
      { method: "POST", path: /\/media_publish$/ },
      { status: 500, code: 2, message: "Service temporarily unavailable" },
    );
    const { externalId } = await network.publish(request);
    const ids = publishes().map((r) => r.params.creation_id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(fake.igMedia.get(externalId)?.containerId).toBe(ids[0]);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("waits and publishes the same container when Instagram says it is not ready (9007)", async () => {
    const { network } = setup();
    const request = post({ imageUrl: "https://cdn.example.com/ready.jpg" });
    fake.failNext(
      { method: "POST", path: /\/media_publish$/ },
      { status: 400, code: 9007, subcode: 2207027, message: "Media ID is not available" },
    );
    await network.publish(request);
    const ids = publishes().map((r) => r.params.creation_id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("finds a story by its time, since a story carries no caption to mark", async () => {
    const { network } = setup();
    const before = fake.igStories.length;
    fake.dropAnswerNext({ method: "POST", path: /\/media_publish$/ });
    const { externalId } = await network.publish(post({ format: "story", media: [image("lost-story")] }));
    expect(fake.igStories).toHaveLength(before + 1);
    expect(fake.igStories[0]?.id).toBe(externalId);
    expect(publishes()).toHaveLength(1);
  });

  it("is unconfirmed, not sent again, when the container is PUBLISHED but the media cannot be found", async () => {
    const { network } = setup();
    const request = post({ format: "reel", media: [video("hidden")] });
    fake.dropAnswerNext({ method: "POST", path: /\/media_publish$/ });
    // The listing does not show it yet.
    for (let i = 0; i < 4; i++)
      fake.failNext(
        { method: "GET", path: new RegExp(`^/${IG_ID}/media$`) },
        { status: 500, code: 2, message: "x" },
      );
    const error = await failure(network.publish(request));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(INSTAGRAM_PUBLISHED_NOT_FOUND);
    expect(publishes()).toHaveLength(1);
    expect(fake.creationsOf(request.content)).toBe(1);
  });
});

describe("first comments on Instagram", () => {
  it("comments on the media with the page token", async () => {
    const { network, connection } = setup();
    const request = post({ imageUrl: "https://cdn.example.com/c.jpg" });
    const { externalId } = await network.publish(request);
    const comment = await network.comment({
      userId: "user-1",
      brandId: "brand-1",
      postId: request.postId,
      platform: "instagram",
      externalId,
      message: "#coffee #autumn",
    });
    const [call] = calls("POST", new RegExp(`^/${externalId}/comments$`));
    expect(call).toMatchObject({ params: { message: "#coffee #autumn" }, token: connection().pageToken });
    expect(fake.comments.find((c) => c.id === comment.externalId)).toMatchObject({
      objectId: externalId,
      fromId: IG_ID,
      message: "#coffee #autumn",
    });
  });

  it("finds the comment a lost answer made instead of sending it again", async () => {
    const { network } = setup();
    const { externalId } = await network.publish(post({ imageUrl: "https://cdn.example.com/d.jpg" }));
    fake.dropAnswerNext({ method: "POST", path: /\/comments$/ });
    const comment = await network.comment({
      userId: "user-1",
      brandId: "brand-1",
      postId: "p",
      platform: "instagram",
      externalId,
      message: "Link in bio",
    });
    const made = fake.comments.filter((c) => c.objectId === externalId);
    expect(made).toHaveLength(1);
    expect(comment.externalId).toBe(made[0]?.id);
    expect(calls("POST", /\/comments$/)).toHaveLength(1);
    expect(calls("GET", new RegExp(`^/${externalId}/comments$`))).toHaveLength(1);
  });
});

describe("settling a lost attempt from the post's facts", () => {
  it("cannot tell for a story when a story appeared since the attempt began, and says none before it", async () => {
    const { network, stored } = setup();
    const request = post({ format: "story", media: [image("settle")] });
    stored.set(request.postId, { content: request.content, platform: "instagram", format: "story" });
    const lookup = (since: Date) => ({
      userId: "user-1",
      brandId: "brand-1",
      postId: request.postId,
      marker: "m",
      since,
    });
    await network.publish(request);
    await expect(network.findPublished(lookup(new Date(Date.now() - 60_000)))).rejects.toThrow(
      STORY_AMBIGUOUS_REASON,
    );
    expect(await network.findPublished(lookup(new Date(Date.now() + 60 * 60_000)))).toBeNull();
  });

  it("finds a Reel by the marker in its caption", async () => {
    const { network, stored } = setup();
    const request = post({ format: "reel", media: [video("found")] });
    stored.set(request.postId, { content: request.content, platform: "instagram", format: "reel" });
    const { externalId } = await network.publish(request);
    const found = await network.findPublished({
      userId: "user-1",
      brandId: "brand-1",
      postId: request.postId,
      marker: request.marker ?? "",
      since: null,
    });
    expect(found?.externalId).toBe(externalId);
  });
});
