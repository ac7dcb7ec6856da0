import {
  connectByConsent,
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
  type FakeMastodonOptions,
  type FakeMastodonServer,
  startMastodonServer,
} from "../../../../../tests/fakes/mastodon-server";
import { createMastodonProvider, createMemoryMastodonAppStore, MEDIA_POLL_MS } from "./index";

const startFake = fakesClosedAfterEach((options: FakeMastodonOptions = {}) => startMastodonServer(options));

/** The provider as production wires it, the guard letting exactly the fake's port through; connected. */
async function connected(fake: FakeMastodonServer) {
  const { tools, sleeps } = toolsFor(fake.url);
  const provider = createMastodonProvider({
    appName: "Acme Social",
    website: "https://app.example",
    tools,
    registrations: createMemoryMastodonAppStore(),
    scheme: "http",
  });
  const { account } = await connectByConsent(
    provider.connect,
    {
      platform: "mastodon",
      credentials: { instance: fake.host },
      state: "state-1",
      redirectUri: "https://app.example/connect/mastodon/callback",
    },
    (url) => tools.guardedFetch(url, { redirect: "manual" }),
  );
  fake.state.requests.length = 0;
  return { provider, sleeps, ...connectionOf(account, "mastodon") };
}

const mediaOf = (fake: FakeMastodonServer, ids: string[] = []) => ids.map((id) => fake.state.media.get(id));
const statusPosts = (fake: FakeMastodonServer) =>
  fake.state.requests.filter((r) => r.method === "POST" && r.path === "/api/v1/statuses");

describe("Mastodon media: images", () => {
  it("attaches a carousel's images in their order, each with its alt text as description", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const media = [
      imageOf("image/png", "First: a cup"),
      imageOf("image/jpeg", ""),
      imageOf("image/webp", "Third: the saucer"),
      imageOf("image/png", "Fourth: crumbs"),
    ];
    await provider.publish(connection, postOf("Four pictures", { format: "carousel", media }));

    const [status] = fake.statusesOf();
    expect(mediaOf(fake, status?.mediaIds).map((m) => [m?.mimeType, m?.description])).toEqual([
      ["image/png", "First: a cup"],
      ["image/jpeg", null],
      ["image/webp", "Third: the saucer"],
      ["image/png", "Fourth: crumbs"],
    ]);
  });

  it("refuses a video beside images, and more images than the instance takes, before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const mixed = await failure(
      provider.publish(connection, postOf("Mixed", { media: [videoOf(10), imageOf("image/png", "")] })),
    );
    expect(mixed.reason).toBe("media_not_fitting");
    expect(mixed.message).toContain("The 1st item (a video)");
    const five = Array.from({ length: 5 }, () => imageOf("image/png", ""));
    const tooMany = await failure(
      provider.publish(connection, postOf("Five", { format: "carousel", media: five })),
    );
    expect(tooMany.reason).toBe("media_not_fitting");
    expect(fake.state.requests).toEqual([]);
  });
});

describe("Mastodon media: video", () => {
  it("uploads the video (202), polls it until processed (206, then 200), then posts it", async () => {
    const fake = await startFake({ processingPolls: 3 });
    const { provider, connection, sleeps } = await connected(fake);
    const video = { ...videoOf(30, { size: 5000 }), altText: "A timelapse of the harbour" };

    const copy = await provider.publish(connection, postOf("The harbour", { media: [video] }));

    const [status] = fake.statusesOf();
    expect(copy.externalId).toBe(status?.id);
    expect(mediaOf(fake, status?.mediaIds)).toMatchObject([
      { mimeType: "video/mp4", size: 5000, description: "A timelapse of the harbour" },
    ]);
    const polls = fake.state.requests.filter(
      (r) => r.method === "GET" && r.path.startsWith("/api/v1/media/"),
    );
    expect(polls).toHaveLength(4);
    expect(sleeps.filter((ms) => ms === MEDIA_POLL_MS)).toHaveLength(4);
  });

  it("says which item the instance could not process, and its reason, publishing nothing", async () => {
    const fake = await startFake({ processingPolls: 1 });
    const { provider, connection } = await connected(fake);
    fake.failNextProcessing();

    const error = await failure(
      provider.publish(connection, postOf("Broken video", { media: [videoOf(12)] })),
    );

    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toContain("the video");
    expect(error.message).toContain("Error processing thumbnail for uploaded media");
    expect(fake.statusesOf()).toEqual([]);
    expect(statusPosts(fake)).toEqual([]);
  });

  it("refuses a video over the instance's size before uploading it", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const big = videoOf(10, { size: 103_809_025 });
    const error = await failure(provider.publish(connection, postOf("Big", { media: [big] })));
    expect(error.reason).toBe("media_not_fitting");
    expect(fake.state.requests).toEqual([]);
  });
});

describe("Mastodon first comment", () => {
  it("replies to the post (in_reply_to_id), with an Idempotency-Key of its own", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("The post"));

    const reply = await provider.comment!(connection, copy.externalId, "And a first comment #coffee");

    const replies = fake.repliesTo(copy.externalId);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      id: reply.externalId,
      text: "And a first comment #coffee",
      visibility: "public",
      inReplyToId: copy.externalId,
    });
    const keys = statusPosts(fake).map((r) => r.idempotencyKey);
    expect(keys[1]).toMatch(/^[0-9a-f]{64}$/u);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("makes one reply when the answer is lost (sent again with the same key), and none more when asked again", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("The post"));
    fake.dropNextStatusResponse();

    const first = await provider.comment!(connection, copy.externalId, "First!");
    const again = await provider.comment!(connection, copy.externalId, "First!");

    expect(fake.repliesTo(copy.externalId)).toHaveLength(1);
    expect(again.externalId).toBe(first.externalId);
    const keys = statusPosts(fake).map((r) => r.idempotencyKey);
    expect(new Set(keys.slice(1)).size).toBe(1);
    expect(keys.slice(1)).toHaveLength(3);
  });

  it("refuses a comment over the instance's characters before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("The post"));
    fake.state.requests.length = 0;
    const error = await failure(provider.comment!(connection, copy.externalId, "a".repeat(501)));
    expect(error.reason).toBe("text_over_limit");
    expect(fake.state.requests).toEqual([]);
  });
});
