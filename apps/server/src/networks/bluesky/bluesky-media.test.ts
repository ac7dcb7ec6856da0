import {
  connectionOf,
  failure,
  imageOf,
  postOf,
  toolsFor,
  videoOf,
} from "@smm/test-support/provider-harness";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBlueskyAccount,
  type FakeBlueskyServer,
  startBlueskyServer,
} from "../../../../../tests/fakes/bluesky-server";
import { type NetworkModuleContext, readModuleEnv } from "../network-module";
import type { NetworkProvider, OutgoingPost } from "../provider";
import { type BlueskyCredentials, blueskyModule, recordKeyOf } from "./index";

const APP_PASSWORD = "abcd-efgh-ijkl-mnop";

let fake: FakeBlueskyServer;
let alice: FakeBlueskyAccount;
let clock: Date;
let harness: ReturnType<typeof toolsFor>;

/** The provider as the server makes it: from the module's own settings, pointed at the fake's two hosts. */
function provider(): NetworkProvider<BlueskyCredentials> {
  const env = readModuleEnv(blueskyModule, {
    BLUESKY_SERVICE_URL: fake.url,
    BLUESKY_VIDEO_SERVICE_URL: fake.videoUrl,
  });
  const context = { env, tools: harness.tools } as NetworkModuleContext<typeof env>;
  return blueskyModule.create(context) as NetworkProvider<BlueskyCredentials>;
}

async function connected() {
  const step = await provider().connect!.start({
    platform: "bluesky",
    credentials: { handle: "alice.bsky.social", appPassword: APP_PASSWORD },
    state: "state",
    redirectUri: "http://localhost/callback",
  });
  if (step.kind !== "connected") throw new Error("expected an account at once");
  const opened = connectionOf(step.account, "bluesky");
  fake.state.requests.length = 0;
  return opened;
}

const postAt = (content: string, extra: Partial<OutgoingPost> = {}) =>
  postOf(content, { marker: "marker-1", attemptAt: clock, ...extra });

/** A PNG sharp reads (the provider re-checks every image), `seed` making each one's bytes its own. */
const pngOf = (seed: number, altText: string) =>
  imageOf("image/png", altText, { bytes: PNGS[seed % PNGS.length], width: null, height: null });

let PNGS: Uint8Array[] = [];

const calls = (nsid: string) => fake.state.requests.filter((request) => request.nsid === nsid);

beforeEach(async () => {
  clock = new Date("2026-11-27T10:00:00.000Z");
  fake = await startBlueskyServer({ now: () => clock, videoProcessingPolls: 2 });
  harness = toolsFor(fake.url, { now: () => clock });
  alice = fake.addAccount({ handle: "alice.bsky.social", appPasswords: [APP_PASSWORD] });
  if (PNGS.length === 0) {
    const sharp = (await import("sharp")).default;
    PNGS = await Promise.all(
      ["#cc3333", "#33cc33", "#3333cc", "#cccc33"].map(
        async (background) =>
          new Uint8Array(
            await sharp({ create: { width: 40, height: 30, channels: 3, background } })
              .png()
              .toBuffer(),
          ),
      ),
    );
  }
});

afterEach(async () => {
  await fake.close();
});

describe("Bluesky media: images", () => {
  it("posts four images of a carousel in their order, each with its alt text", async () => {
    const { connection } = await connected();
    const media = [pngOf(0, "Red"), pngOf(1, "Green"), pngOf(2, ""), pngOf(3, "Yellow")];
    await provider().publish(connection, postAt("Four colours", { format: "carousel", media }));

    const [post] = fake.state.postsOf(alice.did);
    const embed = post?.value.embed as {
      $type: string;
      images: { alt: string; image: { ref: { $link: string } } }[];
    };
    expect(embed.$type).toBe("app.bsky.embed.images");
    expect(embed.images.map((image) => image.alt)).toEqual(["Red", "Green", "", "Yellow"]);
    const sizes = embed.images.map((image) => fake.state.blobs.get(image.image.ref.$link)?.size);
    expect(sizes).toEqual(PNGS.map((png) => png.byteLength));
    expect(calls("com.atproto.repo.uploadBlob")).toHaveLength(4);
  });

  it("refuses a fifth image, and a video beside images, before anything reaches Bluesky", async () => {
    const { connection } = await connected();
    const five = [0, 1, 2, 3, 0].map((seed) => pngOf(seed, "x"));
    const tooMany = await failure(
      provider().publish(connection, postAt("Five", { format: "carousel", media: five })),
    );
    expect(tooMany.reason).toBe("media_not_fitting");
    expect(tooMany.message).toContain("up to 4");

    const mixed = await failure(
      provider().publish(
        connection,
        postAt("Mixed", { format: "carousel", media: [pngOf(0, "x"), videoOf(10)] }),
      ),
    );
    expect(mixed.reason).toBe("media_not_fitting");
    expect(mixed.message).toContain("The 2nd item (a video)");

    const long = await failure(provider().publish(connection, postAt("Long", { media: [videoOf(181)] })));
    expect(long.reason).toBe("media_not_fitting");
    expect(long.message).toContain("181 seconds");

    const reel = await failure(
      provider().publish(connection, postAt("Reel", { format: "reel", media: [videoOf(10)] })),
    );
    expect(reel.reason).toBe("format_unsupported");
    expect(fake.state.requests).toEqual([]);
  });
});

describe("Bluesky media: video", () => {
  it("uploads one video to the video service with a service token, waits for its blob, and embeds it", async () => {
    const { connection } = await connected();
    const video = { ...videoOf(42, { size: 4096, fill: 3 }), altText: "A cat on a keyboard" };

    const copy = await provider().publish(connection, postAt("Watch this", { media: [video] }));

    const [post] = fake.state.postsOf(alice.did);
    expect(copy.externalId).toBe(post?.uri);
    const embed = post?.value.embed as {
      $type: string;
      video: { ref: { $link: string }; mimeType: string; size: number };
      alt: string;
      aspectRatio: { width: number; height: number };
    };
    expect(embed).toMatchObject({
      $type: "app.bsky.embed.video",
      alt: "A cat on a keyboard",
      aspectRatio: { width: 1080, height: 1920 },
      video: { mimeType: "video/mp4", size: 4096 },
    });
    // The blob the video service stored on the PDS, with the video's own bytes.
    expect(fake.state.blobs.get(embed.video.ref.$link)?.bytes).toEqual(new Uint8Array(4096).fill(3));

    const [auth] = fake.state.serviceTokens.values();
    expect(auth).toMatchObject({
      did: alice.did,
      aud: `did:web:${encodeURIComponent(new URL(fake.url).host)}`,
      lxm: "com.atproto.repo.uploadBlob",
    });
    expect(auth!.exp).toBe(Math.floor(clock.getTime() / 1000) + 1800);
    const order = fake.state.requests.map((request) => `${request.host} ${request.nsid}`);
    expect(order).toEqual([
      "pds com.atproto.server.getServiceAuth",
      "video app.bsky.video.uploadVideo",
      "video app.bsky.video.getJobStatus",
      "video app.bsky.video.getJobStatus",
      "video app.bsky.video.getJobStatus",
      "pds com.atproto.repo.createRecord",
    ]);
    expect(harness.sleeps).toHaveLength(3);
    expect(calls("com.atproto.repo.uploadBlob")).toHaveLength(0);
  });

  it("stops on JOB_STATE_FAILED with the video service's reason, publishing nothing", async () => {
    const { connection } = await connected();
    fake.failNextVideo({ error: "VideoTooLong", message: "Video is longer than 3 minutes" });

    const error = await failure(provider().publish(connection, postAt("Broken", { media: [videoOf(30)] })));

    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toContain("the video");
    expect(error.message).toContain("Video is longer than 3 minutes");
    expect(fake.state.postsOf(alice.did)).toHaveLength(0);
    expect(calls("com.atproto.repo.createRecord")).toHaveLength(0);
  });

  it("takes the first job again when the same video was uploaded before (409 already_exists)", async () => {
    const { connection } = await connected();
    const video = videoOf(20, { fill: 5 });
    await provider().publish(connection, postAt("Once", { media: [video] }));
    await provider().publish(connection, postAt("Twice", { marker: "marker-2", media: [video] }));

    const posts = fake.state.postsOf(alice.did);
    expect(posts).toHaveLength(2);
    const links = posts.map(
      (post) => (post.value.embed as { video: { ref: { $link: string } } }).video.ref.$link,
    );
    expect(links[0]).toBe(links[1]);
    expect(fake.state.videoJobs.size).toBe(1);
  });

  it("reads its video service from BLUESKY_VIDEO_SERVICE_URL, video.bsky.app by default", () => {
    expect(readModuleEnv(blueskyModule, {}).BLUESKY_VIDEO_SERVICE_URL).toBe("https://video.bsky.app");
    expect(
      readModuleEnv(blueskyModule, { BLUESKY_VIDEO_SERVICE_URL: "https://video.example.net" })
        .BLUESKY_VIDEO_SERVICE_URL,
    ).toBe("https://video.example.net");
  });
});

describe("Bluesky first comment", () => {
  it("posts the first reply under the post, its root and parent the post itself", async () => {
    const { connection } = await connected();
    const copy = await provider().publish(connection, postAt("The post"));
    const parent = fake.state.records.get(copy.externalId)!;

    const reply = await provider().comment!(
      connection,
      copy.externalId,
      "More at https://example.com #launch",
    );

    const replies = fake.state.repliesTo(copy.externalId);
    expect(replies).toHaveLength(1);
    expect(reply.externalId).toBe(replies[0]?.uri);
    expect(replies[0]?.repo).toBe(alice.did);
    expect(replies[0]?.value).toMatchObject({
      text: "More at https://example.com #launch",
      reply: { root: { uri: parent.uri, cid: parent.cid }, parent: { uri: parent.uri, cid: parent.cid } },
      langs: ["en"],
    });
    // Its key is the post's own plus a millisecond: right after the post, and the same on every call.
    expect((replies[0]?.rkey ?? "") > recordKeyOf("marker-1", clock)).toBe(true);
  });

  it("makes one reply when the answer to it is lost, and none more when asked again", async () => {
    const { connection } = await connected();
    const copy = await provider().publish(connection, postAt("The post"));
    fake.dropNextCreateRecord();

    const first = await provider().comment!(connection, copy.externalId, "First!");
    const again = await provider().comment!(connection, copy.externalId, "First!");

    expect(fake.state.repliesTo(copy.externalId)).toHaveLength(1);
    expect(again.externalId).toBe(first.externalId);
    expect(calls("com.atproto.repo.getRecord").length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a comment over 300 graphemes before anything reaches Bluesky", async () => {
    const { connection } = await connected();
    const copy = await provider().publish(connection, postAt("The post"));
    fake.state.requests.length = 0;
    const error = await failure(provider().comment!(connection, copy.externalId, "a".repeat(301)));
    expect(error.reason).toBe("text_over_limit");
    expect(fake.state.requests).toEqual([]);
  });
});
