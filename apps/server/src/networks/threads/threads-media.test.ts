import {
  connectionOf,
  failure,
  fakesClosedAfterEach,
  imageOf,
  postOf,
  toolsFor,
  videoOf,
} from "@smm/test-support/provider-harness";
import { describe, expect, it } from "vitest";
import {
  type FakeThreadsOptions,
  type FakeThreadsServer,
  startThreadsServer,
} from "../../../../../tests/fakes/threads-server";
import { createThreadsProvider } from "./index";
import { CONTAINER_POLL_DELAYS_MS } from "./publishing";

const DAY_MS = 86_400_000;
const startFake = fakesClosedAfterEach((options: FakeThreadsOptions = {}) => startThreadsServer(options));

/** A connected account (a long-lived token the fake issued just now) and the provider on the fake. */
function connected(fake: FakeThreadsServer) {
  const { tools, sleeps } = toolsFor(null);
  const provider = createThreadsProvider({
    graphUrl: fake.url,
    appId: fake.appId,
    appSecret: fake.appSecret,
    tools,
  });
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + 60 * DAY_MS);
  const token = fake.issueToken({ issuedAt, expiresAt });
  const handle = `@${fake.user.username}`;
  const opened = connectionOf(
    {
      externalAccountId: fake.user.id,
      handle,
      credentials: {
        accessToken: token.token,
        userId: fake.user.id,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      metadata: { handle },
    },
    "threads",
  );
  return { provider, sleeps, ...opened };
}

const picture = (name: string, altText = "") =>
  imageOf("image/jpeg", altText, { url: `https://media.example/${name}.jpg`, width: 1080, height: 1080 });
const clip = (name: string, seconds = 20, altText = "") => ({
  ...videoOf(seconds, { url: `https://media.example/${name}.mp4` }),
  altText,
});

const containerPosts = (fake: FakeThreadsServer) => fake.requestsTo("POST", /\/threads$/u);
const publishPosts = (fake: FakeThreadsServer) => fake.requestsTo("POST", /\/threads_publish$/u);

describe("Threads media: images and videos", () => {
  it("posts a carousel's images in order, each with its alt text", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const media = [
      picture("one", "First"),
      picture("two"),
      picture("three", "Third"),
      picture("four", "Fourth"),
    ];
    await provider.publish(connection, postOf("Four pictures", { format: "carousel", media }));

    const [post] = fake.postsOf();
    expect(post?.mediaType).toBe("CAROUSEL");
    expect(post?.media).toEqual([
      { type: "IMAGE", url: "https://media.example/one.jpg", altText: "First" },
      { type: "IMAGE", url: "https://media.example/two.jpg", altText: null },
      { type: "IMAGE", url: "https://media.example/three.jpg", altText: "Third" },
      { type: "IMAGE", url: "https://media.example/four.jpg", altText: "Fourth" },
    ]);
  });

  it("posts one video by its link (VIDEO, video_url), waiting while Threads processes it", async () => {
    const fake = await startFake({ videoProcessingPolls: 3 });
    const { provider, connection, sleeps } = connected(fake);

    const copy = await provider.publish(
      connection,
      postOf("Our video", { media: [clip("launch", 40, "The launch")] }),
    );

    const [post] = fake.postsOf();
    expect(copy.externalId).toBe(post?.id);
    expect(post).toMatchObject({
      mediaType: "VIDEO",
      text: "Our video",
      media: [{ type: "VIDEO", url: "https://media.example/launch.mp4", altText: "The launch" }],
    });
    const [create] = containerPosts(fake);
    expect(Object.fromEntries(create?.params ?? [])).toMatchObject({
      media_type: "VIDEO",
      video_url: "https://media.example/launch.mp4",
      alt_text: "The launch",
    });
    expect(sleeps).toEqual(CONTAINER_POLL_DELAYS_MS.slice(0, 3));
  });

  it("mixes videos and images in a carousel, each child waited for", async () => {
    const fake = await startFake({ videoProcessingPolls: 1 });
    const { provider, connection } = connected(fake);
    const media = [picture("a", "A"), clip("b", 10, "B"), picture("c")];
    await provider.publish(connection, postOf("Mixed", { format: "carousel", media }));

    const [post] = fake.postsOf();
    expect(post?.media.map((item) => [item.type, item.url])).toEqual([
      ["IMAGE", "https://media.example/a.jpg"],
      ["VIDEO", "https://media.example/b.mp4"],
      ["IMAGE", "https://media.example/c.jpg"],
    ]);
    const creates = containerPosts(fake);
    expect(creates.map((r) => r.params.get("media_type"))).toEqual(["IMAGE", "VIDEO", "IMAGE", "CAROUSEL"]);
    expect(creates.slice(0, 3).every((r) => r.params.get("is_carousel_item") === "true")).toBe(true);
  });

  it("stops when Threads fails to process a video, naming it with Threads' reason, publishing nothing", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.failNextVideos(1, "FAILED_PROCESSING_VIDEO");
    const media = [picture("a"), clip("broken"), picture("c")];

    const error = await failure(
      provider.publish(connection, postOf("Broken", { format: "carousel", media })),
    );

    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toBe(
      "Threads could not process the 2nd item (a video): FAILED_PROCESSING_VIDEO. Nothing was published.",
    );
    expect(fake.postsOf()).toEqual([]);
    expect(publishPosts(fake)).toEqual([]);
    expect(containerPosts(fake).map((r) => r.params.get("media_type"))).toEqual(["IMAGE", "VIDEO", "IMAGE"]);
  });

  it("refuses a video over 5 minutes, a non-MP4 video and a story, before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const long = await failure(provider.publish(connection, postOf("Long", { media: [clip("long", 301)] })));
    expect(long.reason).toBe("media_not_fitting");
    expect(long.message).toContain("301 seconds");
    const webm = await failure(
      provider.publish(connection, postOf("WebM", { media: [{ ...clip("w"), mimeType: "video/webm" }] })),
    );
    expect(webm.reason).toBe("media_not_fitting");
    const story = await failure(
      provider.publish(connection, postOf("Story", { format: "story", media: [clip("s")] })),
    );
    expect(story.reason).toBe("format_unsupported");
    expect(fake.state.requests).toEqual([]);
  });
});

describe("Threads first comment", () => {
  it("replies under the post: a TEXT container with reply_to_id, then threads_publish", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const copy = await provider.publish(connection, postOf("The post"));

    const reply = await provider.comment!(
      connection,
      copy.externalId,
      "Links in the first comment: https://example.com",
    );

    const replies = fake.repliesTo(copy.externalId);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      id: reply.externalId,
      text: "Links in the first comment: https://example.com",
      replyToId: copy.externalId,
    });
    const create = containerPosts(fake).at(-1);
    expect(Object.fromEntries(create?.params ?? [])).toMatchObject({
      media_type: "TEXT",
      reply_to_id: copy.externalId,
    });
    // The reply is not a post of the account's own listing, nor counted against its 250 posts.
    expect(fake.postsOf()).toHaveLength(1);
    expect(fake.state.quotaUsage).toBe(1);
  });

  it("settles a reply whose publish answer was lost by its container and the post's replies: one reply", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const copy = await provider.publish(connection, postOf("The post"));
    fake.dropPublishAnswer(1, "destroy");

    const reply = await provider.comment!(connection, copy.externalId, "First!");

    const replies = fake.repliesTo(copy.externalId);
    expect(replies).toHaveLength(1);
    expect(reply.externalId).toBe(replies[0]?.id);
    expect(publishPosts(fake)).toHaveLength(2);
    expect(fake.requestsTo("GET", /\/replies$/u)).toHaveLength(1);
  });
});
