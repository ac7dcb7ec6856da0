import { connectionOf, failure, imageOf, postOf, toolsFor } from "@smm/test-support/provider-harness";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBlueskyAccount,
  type FakeBlueskyServer,
  startBlueskyServer,
} from "../../../../../tests/fakes/bluesky-server";
import type { OutgoingPost } from "../provider";
import { createBlueskyProvider, recordKeyOf } from "./index";

const APP_PASSWORD = "abcd-efgh-ijkl-mnop";
const ACCOUNT_PASSWORD = "correct horse battery staple";
const EXPIRED = "Your Bluesky connection has expired. Please reconnect it in Settings > Channels.";

let fake: FakeBlueskyServer;
let alice: FakeBlueskyAccount;
let clock: Date;
let harness: ReturnType<typeof toolsFor>;

/** A fake Bluesky, and the tools whose guard lets only its loopback port through. */
async function startFake(options: Parameters<typeof startBlueskyServer>[0] = {}) {
  fake = await startBlueskyServer({ now: () => clock, ...options });
  harness = toolsFor(fake.url, { now: () => clock });
}

const provider = () => createBlueskyProvider({ serviceUrl: fake.url, tools: harness.tools });

async function connect(handle = "alice.bsky.social", appPassword = APP_PASSWORD) {
  const step = await provider().connect!.start({
    platform: "bluesky",
    credentials: { handle, appPassword },
    state: "state",
    redirectUri: "http://localhost/callback",
  });
  if (step.kind !== "connected") throw new Error("expected an account at once");
  return step.account;
}

async function connected() {
  const opened = connectionOf(await connect(), "bluesky");
  fake.state.requests.length = 0;
  return opened;
}

/** One attempt (marker-1, begun at the test's clock) unless told: its record key is known in advance. */
const postAt = (content: string, extra: Partial<OutgoingPost> = {}) =>
  postOf(content, { marker: "marker-1", attemptAt: clock, ...extra });

/** An image whose size the provider reads from its bytes. */
const pictureOf = (bytes: Uint8Array, altText: string) =>
  imageOf("image/png", altText, { bytes, url: "https://example.com/image", width: null, height: null });

/** A noise PNG: incompressible, so its size is its pixels' (700 x 700 x 3 = 1.47 MB). */
async function createNoisePng(side: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(side * side * 3);
  let state = 12345;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    pixels[index] = state >>> 24;
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

const createdRecords = () => fake.state.requests.filter((r) => r.nsid === "com.atproto.repo.createRecord");
const callsOf = (nsid: string) => fake.state.requests.filter((r) => r.nsid === nsid).length;

beforeEach(async () => {
  clock = new Date("2026-11-27T10:00:00.000Z");
  await startFake();
  alice = fake.addAccount({
    handle: "alice.bsky.social",
    password: ACCOUNT_PASSWORD,
    appPasswords: [APP_PASSWORD],
    displayName: "Alice Example",
    avatar: "https://cdn.example.com/alice.jpg",
  });
});

afterEach(async () => {
  await fake.close();
});

describe("Bluesky provider: describe", () => {
  it("declares Bluesky's limits: 300 graphemes, 4 images of 1 MB, record keys, no scheduling", () => {
    const descriptor = provider().describe("bluesky");
    expect(descriptor.text).toEqual({ maxLength: 300, counting: "graphemes", maxBytes: 3000 });
    expect(descriptor.media).toMatchObject({
      maxImages: 4,
      maxImageBytes: 1_000_000,
      altTextMaxLength: 2000,
    });
    expect(descriptor.exactlyOnce).toBe("record_key");
    expect(descriptor.nativeScheduling).toBeNull();
    expect(descriptor.connect.method).toBe("app_password");
    expect(descriptor.connect.help).toContain("Settings > Privacy and security > App passwords");
  });
});

describe("Bluesky provider: connect", () => {
  it("connects with a handle and an app password, keeping the session and naming the account", async () => {
    const account = await connect("@Alice.bsky.social");
    expect(account).toMatchObject({
      externalAccountId: alice.did,
      name: "Alice Example",
      handle: "@alice.bsky.social",
      pictureUrl: "https://cdn.example.com/alice.jpg",
      tokenExpiresAt: null,
      metadata: { handle: "@alice.bsky.social", host: new URL(fake.url).host },
    });
    expect(account.credentials).toMatchObject({
      did: alice.did,
      handle: "alice.bsky.social",
      service: fake.url,
    });
    expect(account.credentials.accessJwt).toBeTruthy();
    expect(account.credentials.refreshJwt).toBeTruthy();
    expect(JSON.stringify(account)).not.toContain(APP_PASSWORD);
    expect(callsOf("com.atproto.server.createSession")).toBe(1);
  });

  it("reads a bare name as a bsky.social handle", async () => {
    const account = await connect("alice");
    expect(account.externalAccountId).toBe(alice.did);
  });

  it("refuses the account's own password before anything reaches Bluesky", async () => {
    const error = await failure(connect("alice.bsky.social", ACCOUNT_PASSWORD));
    expect(error.reason).toBe("app_password_required");
    expect(error.message).toContain("Settings > Privacy and security > App passwords");
    expect(fake.state.requests).toHaveLength(0);
  });

  it("asks for an app password when the login wants an email code", async () => {
    fake.addAccount({ handle: "carol.bsky.social", password: "wxyz-wxyz-wxyz-wxyz", emailAuthFactor: true });
    const error = await failure(connect("carol.bsky.social", "wxyz-wxyz-wxyz-wxyz"));
    expect(error.reason).toBe("app_password_required");
    expect(callsOf("com.atproto.server.createSession")).toBe(1);
  });

  it("says so clearly when the app password is wrong", async () => {
    const error = await failure(connect("alice.bsky.social", "zzzz-zzzz-zzzz-zzzz"));
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toMatch(/did not accept that handle and app password/);
  });

  it("reaches a PDS named by the account's DID document only through the SSRF guard", async () => {
    await fake.close();
    await startFake({ advertisedPds: () => "http://10.0.0.7:2583" });
    fake.addAccount({ handle: "alice.bsky.social", appPasswords: [APP_PASSWORD] });
    const refused = await failure(connect());
    expect(refused.reason).toBe("invalid_input");
    expect(refused.message).toMatch(/private or internal network/);
    expect(harness.guarded).toEqual([
      expect.stringMatching(/^http:\/\/10\.0\.0\.7:2583\/xrpc\/app\.bsky\.actor\.getProfile/),
    ]);
  });

  it("publishes to the account's PDS through the guard, and never to a private one", async () => {
    const account = await connect();
    // The fake's PDS is a loopback port the test's guard lets through; the server's guard would not.
    expect(harness.guarded.length).toBe(0);
    const { connection } = connectionOf(
      { ...account, credentials: { ...account.credentials, service: "http://10.0.0.7:2583" } },
      "bluesky",
    );
    fake.state.requests.length = 0;
    const error = await failure(provider().publish(connection, postAt("Hello")));
    expect(error.reason).toBe("invalid_input");
    expect(fake.state.requests).toHaveLength(0);
  });
});

describe("Bluesky provider: publish", () => {
  it("posts text with links, mentions and hashtags as facets at UTF-8 byte offsets, and a card for the link", async () => {
    const bob = fake.addAccount({ handle: "bob.bsky.social", appPasswords: ["bbbb-bbbb-bbbb-bbbb"] });
    const { connection } = await connected();
    const content =
      "Read the docs ✨ https://example.com/guide with @bob.bsky.social and @nobody.bsky.social #launch";
    const copy = await provider().publish(connection, postAt(content));

    const rkey = recordKeyOf("marker-1", clock);
    const [post] = fake.state.postsOf(alice.did);
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
    expect(post?.rkey).toBe(rkey);
    expect(copy).toEqual({
      externalId: `at://${alice.did}/app.bsky.feed.post/${rkey}`,
      url: `https://bsky.app/profile/alice.bsky.social/post/${rkey}`,
      publishedAt: clock,
    });
    const record = post?.value as {
      text: string;
      langs: string[];
      facets: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[];
      embed: { $type: string; external: { uri: string; title: string } };
    };
    expect(record.text).toBe(content);
    expect(record.langs).toEqual(["en"]);
    const bytes = (text: string) => Buffer.byteLength(text, "utf8");
    // ✨ is 3 bytes (1 UTF-16 unit): the link starts at byte 18, not at JavaScript's index 16.
    expect(content.indexOf("https://")).toBe(16);
    expect(record.facets).toMatchObject([
      {
        index: { byteStart: 18, byteEnd: 18 + bytes("https://example.com/guide") },
        features: [{ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/guide" }],
      },
      {
        index: {
          byteStart: bytes(content.slice(0, content.indexOf("@bob"))),
          byteEnd: bytes(content.slice(0, content.indexOf(" and"))),
        },
        features: [{ $type: "app.bsky.richtext.facet#mention", did: bob.did }],
      },
      {
        index: { byteStart: bytes(content.slice(0, content.indexOf("#launch"))), byteEnd: bytes(content) },
        features: [{ $type: "app.bsky.richtext.facet#tag", tag: "launch" }],
      },
    ]);
    expect(record.embed).toMatchObject({
      $type: "app.bsky.embed.external",
      external: { uri: "https://example.com/guide", title: "example.com" },
    });
  });

  it("posts two images with their alt text, an image over 1 MB re-encoded under it", async () => {
    const { connection } = await connected();
    const small = new Uint8Array(
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer(),
    );
    const large = await createNoisePng(700);
    expect(large.byteLength).toBeGreaterThan(1_000_000);

    await provider().publish(
      connection,
      postAt("Two pictures https://example.com", {
        images: [pictureOf(small, "A blue square"), pictureOf(large, "Static noise")],
      }),
    );

    const [post] = fake.state.postsOf(alice.did);
    const embed = post?.value.embed as {
      $type: string;
      images: {
        alt: string;
        image: { ref: { $link: string } };
        aspectRatio: { width: number; height: number };
      }[];
    };
    expect(embed.$type).toBe("app.bsky.embed.images");
    expect(embed.images.map((image) => image.alt)).toEqual(["A blue square", "Static noise"]);
    expect(embed.images.map((image) => image.aspectRatio)).toEqual([
      { width: 1200, height: 800 },
      { width: 700, height: 700 },
    ]);
    const blobs = embed.images.map((image) => fake.state.blobs.get(image.image.ref.$link));
    expect(blobs[0]).toMatchObject({ mimeType: "image/png", size: small.byteLength });
    expect(blobs[1]?.mimeType).toBe("image/jpeg");
    expect(blobs[1]?.size).toBeLessThanOrEqual(1_000_000);
  });

  it("refuses text over 300 graphemes, and a fifth image, before anything reaches Bluesky", async () => {
    const { connection } = await connected();
    const tooLong = await failure(provider().publish(connection, postAt("a".repeat(301))));
    expect(tooLong.reason).toBe("text_over_limit");
    expect(tooLong.message).toContain("301");

    const image = pictureOf(new Uint8Array(8), "x");
    const tooMany = await failure(
      provider().publish(connection, postAt("Five", { images: [image, image, image, image, image] })),
    );
    expect(tooMany.reason).toBe("media_not_fitting");
    expect(fake.state.requests).toHaveLength(0);
  });

  it("counts graphemes as Bluesky does, with its 3,000-byte cap beside them", async () => {
    const { connection } = await connected();
    // 150 graphemes, 1,200 UTF-16 units, 2,700 bytes: within both of Bluesky's limits.
    const family = "👨‍👩‍👧";
    await provider().publish(connection, postAt(family.repeat(150)));
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
    // 300 graphemes, but 5,400 bytes.
    const error = await failure(
      provider().publish(connection, postAt(family.repeat(300), { marker: "m-2" })),
    );
    expect(error.reason).toBe("text_over_limit");
    expect(createdRecords()).toHaveLength(1);
  });
});

describe("Bluesky provider: delete", () => {
  it("deletes a post, and one already gone is no error", async () => {
    const { connection } = await connected();
    const copy = await provider().publish(connection, postAt("Short-lived"));
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
    await provider().delete(connection, copy.externalId);
    expect(fake.state.postsOf(alice.did)).toHaveLength(0);
    await provider().delete(connection, copy.externalId);
  });
});

describe("Bluesky provider: sessions", () => {
  it("renews an expired access token, saves the new pair and retries, logging in never again", async () => {
    const { connection, saved, expiredCount } = await connected();
    const before = connection.credentials;
    fake.expireAccessTokens();

    await provider().publish(connection, postAt("After the break"));

    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ did: alice.did, handle: "alice.bsky.social", service: fake.url });
    expect(saved[0]?.accessJwt).not.toBe(before.accessJwt);
    expect(saved[0]?.refreshJwt).not.toBe(before.refreshJwt);
    expect(expiredCount()).toBe(0);

    // The next job starts from the saved pair: the old refresh token is spent, and no new login is made.
    fake.expireAccessTokens();
    await provider().publish(connection, postAt("Again", { marker: "marker-2" }));
    expect(fake.state.postsOf(alice.did)).toHaveLength(2);
    expect(callsOf("com.atproto.server.refreshSession")).toBe(2);
    expect(callsOf("com.atproto.server.createSession")).toBe(0);
  });

  it("marks the connection expired once when the refresh token is refused", async () => {
    const { connection, saved, expiredCount } = await connected();
    fake.expireAccessTokens();
    fake.revokeRefreshTokens();

    const error = await failure(provider().publish(connection, postAt("Never sent")));

    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(EXPIRED);
    expect(expiredCount()).toBe(1);
    expect(saved).toEqual([]);
    expect(fake.state.postsOf(alice.did)).toHaveLength(0);
  });

  it("marks the connection expired when Bluesky has taken the account down", async () => {
    const { connection, expiredCount } = await connected();
    alice.status = "takendown";
    const error = await failure(provider().publish(connection, postAt("Never sent")));
    expect(error.reason).toBe("network_token_expired");
    expect(expiredCount()).toBe(1);
  });
});

describe("Bluesky provider: rate limits", () => {
  it("waits out a rate limit that resets within a minute, then tries once more", async () => {
    const { connection } = await connected();
    fake.rateLimitNext(1, {
      resetAt: new Date(clock.getTime() + 20_000),
      nsid: "com.atproto.repo.createRecord",
    });

    await provider().publish(connection, postAt("Patient"));

    expect(harness.sleeps).toHaveLength(1);
    const waited = harness.sleeps[0] ?? 0;
    expect(waited).toBeGreaterThanOrEqual(20_000);
    expect(waited).toBeLessThanOrEqual(21_000);
    expect(createdRecords()).toHaveLength(2);
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
  });

  it("hands a longer rate limit back to the publish job with how long to wait", async () => {
    const { connection } = await connected();
    fake.rateLimitNext(1, {
      resetAt: new Date(clock.getTime() + 10 * 60_000),
      nsid: "com.atproto.repo.createRecord",
    });

    const error = await failure(provider().publish(connection, postAt("Later")));

    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toContain("rate limit");
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(10 * 60_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(10 * 60_000 + 1_000);
    expect(harness.sleeps).toEqual([]);
    expect(fake.state.postsOf(alice.did)).toHaveLength(0);
  });
});

describe("Bluesky provider: exactly once", () => {
  it("settles a create whose answer was lost by looking its key up: one post", async () => {
    const { connection } = await connected();
    fake.dropNextCreateRecord();

    const copy = await provider().publish(connection, postAt("Lost and found"));

    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
    expect(copy.externalId).toBe(fake.state.postsOf(alice.did)[0]?.uri);
    expect(createdRecords()).toHaveLength(1);
    expect(callsOf("com.atproto.repo.getRecord")).toBe(1);
  });

  it("creates once more when the failed create wrote nothing", async () => {
    const { connection } = await connected();
    fake.failNext("com.atproto.repo.createRecord", {
      status: 503,
      error: "NotEnoughResources",
      message: "Service Unavailable",
    });

    await provider().publish(connection, postAt("Second time lucky"));

    expect(createdRecords()).toHaveLength(2);
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
  });

  it("says unconfirmed when the lookup fails too, and findPublished later finds the post", async () => {
    const { connection } = await connected();
    fake.dropNextCreateRecord();
    fake.failNext("com.atproto.repo.getRecord", {
      status: 502,
      error: "UpstreamFailure",
      message: "Bad Gateway",
    });

    const error = await failure(provider().publish(connection, postAt("Was it sent?")));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe("Unconfirmed: check your Bluesky profile before posting again.");
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);

    const lookup = { postId: "post-1", content: "Was it sent?", marker: "marker-1", attemptAt: clock };
    const found = await provider().findPublished(connection, lookup);
    expect(found?.externalId).toBe(fake.state.postsOf(alice.did)[0]?.uri);
    expect(await provider().findPublished(connection, { ...lookup, marker: "marker-never-used" })).toBeNull();
    const unknown = await failure(provider().findPublished(connection, { ...lookup, attemptAt: null }));
    expect(unknown.reason).toBe("publish_unconfirmed");
  });

  it("never makes a second post for the same marker and attempt time", async () => {
    const { connection } = await connected();
    const first = await provider().publish(connection, postAt("Only once"));
    const second = await provider().publish(connection, postAt("Only once"));

    expect(second.externalId).toBe(first.externalId);
    expect(fake.state.postsOf(alice.did)).toHaveLength(1);
  });
});
