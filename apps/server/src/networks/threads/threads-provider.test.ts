import { randomUUID } from "node:crypto";
import {
  clockAt,
  connectByConsent,
  connectionOf,
  failure,
  fakesClosedAfterEach,
  imageOf,
  postOf,
  toolsFor,
} from "@smm/test-support/provider-harness";
import { describe, expect, it } from "vitest";
import {
  type FakeThreadsOptions,
  type FakeThreadsServer,
  startThreadsServer,
} from "../../../../../tests/fakes/threads-server";
import { networkModules } from "../modules";
import { readModuleEnv } from "../network-module";
import { CONSENT_URL, consentUrlOf, THREADS_SCOPES } from "./connect";
import { CONNECT_ASK, threadsTextLength } from "./descriptor";
import { createThreadsProvider, threadsModule } from "./index";
import {
  CONTAINER_POLL_DELAYS_MS,
  LOST_ANSWER_PAUSE_MS,
  MEDIA_FETCH_MESSAGE,
  MEDIA_NOT_FOUND_PAUSE_MS,
  QUOTA_WAIT_MS,
  UNCONFIRMED_MESSAGE,
} from "./publishing";
import { TOKEN_EXPIRED_MESSAGE } from "./threads-api";

const REDIRECT_URI = "https://app.example/auth/channels/threads/callback";
const DAY_MS = 86_400_000;

const startFake = fakesClosedAfterEach((options: FakeThreadsOptions = {}) => startThreadsServer(options));

function providerFor(
  fake: FakeThreadsServer,
  { now = () => new Date(), appSecret = fake.appSecret }: { now?: () => Date; appSecret?: string } = {},
) {
  const { tools, sleeps } = toolsFor(null, { now });
  const provider = createThreadsProvider({ graphUrl: fake.url, appId: fake.appId, appSecret, tools });
  return { provider, sleeps };
}

type Provider = ReturnType<typeof providerFor>["provider"];

const connectAccount = (provider: Provider, state = "state-1") =>
  connectByConsent(provider.connect, { platform: "threads", state, redirectUri: REDIRECT_URI });

/** A connected account as the router would hand it (a long-lived token the fake issued just now). */
function connected(fake: FakeThreadsServer, now?: () => Date) {
  const setup = providerFor(fake, now ? { now } : {});
  const issuedAt = new Date();
  const stored = storedConnection(fake, issuedAt, new Date(issuedAt.getTime() + 60 * DAY_MS));
  return { ...setup, account: { credentials: stored.connection.credentials }, ...stored };
}

/** A connection whose token was issued at `issuedAt` (skipping the consent, as a stored one would be). */
function storedConnection(fake: FakeThreadsServer, issuedAt: Date, expiresAt: Date) {
  const token = fake.issueToken({ issuedAt, expiresAt });
  const handle = `@${fake.user.username}`;
  return connectionOf(
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
}

/** A square image at an address of its own, so a test can make the fake fail to fetch that one. */
const namedImage = (name: string, altText = "", mimeType = "image/jpeg", size = 256) =>
  imageOf(mimeType, altText, { size, url: `https://media.example/${name}.jpg`, width: 1080, height: 1080 });

const apiCalls = (fake: FakeThreadsServer) => fake.state.requests.filter((r) => r.path.startsWith("/v1.0/"));
const containerPosts = (fake: FakeThreadsServer) => fake.requestsTo("POST", /\/threads$/u);
const publishPosts = (fake: FakeThreadsServer) => fake.requestsTo("POST", /\/threads_publish$/u);

describe("Threads module", () => {
  it("is registered, reads its three settings, and describes Threads' limits", () => {
    expect(networkModules).toContain(threadsModule);
    const env = readModuleEnv(threadsModule, { THREADS_APP_ID: "1", THREADS_APP_SECRET: " " });
    expect(env).toEqual({
      THREADS_APP_ID: "1",
      THREADS_APP_SECRET: undefined,
      THREADS_GRAPH_URL: "https://graph.threads.net",
    });

    const { tools } = toolsFor(null);
    const provider = createThreadsProvider({
      graphUrl: env.THREADS_GRAPH_URL,
      appId: "1",
      appSecret: undefined,
      tools,
    });
    expect(provider.connect?.available()).toBe(false);
    expect(
      createThreadsProvider({
        graphUrl: env.THREADS_GRAPH_URL,
        appId: "1",
        appSecret: "s",
        tools,
      }).connect?.available(),
    ).toBe(true);

    const descriptor = provider.describe("threads");
    expect(descriptor).toMatchObject({
      platform: "threads",
      label: "Threads",
      connect: { method: "oauth", fields: [], ask: CONNECT_ASK },
      text: { maxLength: 500, counting: "emoji-bytes" },
      media: {
        maxImages: 20,
        maxImageBytes: 8_000_000,
        imageTypes: ["image/jpeg", "image/png"],
        altTextMaxLength: 1000,
      },
      nativeScheduling: null,
      exactlyOnce: "marker_lookup",
      capabilities: { edit: false, delete: true, insights: false, ads: false, replies: true },
    });
    expect(provider.edit).toBeUndefined();
  });

  it("sends users to threads.net's consent page, or the configured host's", () => {
    expect(consentUrlOf("https://graph.threads.net")).toBe(CONSENT_URL);
    expect(consentUrlOf("https://graph.threads.net/")).toBe(CONSENT_URL);
    expect(consentUrlOf("http://127.0.0.1:4000")).toBe("http://127.0.0.1:4000/oauth/authorize");
  });

  it("counts an emoji as its UTF-8 bytes, anything else as JavaScript does", () => {
    expect(threadsTextLength("hello")).toBe(5);
    expect(threadsTextLength("é")).toBe(1);
    expect(threadsTextLength("😀")).toBe(4);
    expect(threadsTextLength("👍🏽")).toBe(8);
    expect(threadsTextLength("🇫🇷")).toBe(8);
  });
});

describe("Threads provider: connect", () => {
  it("asks for consent, exchanges the code for a 60-day token and names the account", async () => {
    const fake = await startFake();
    const clock = clockAt();
    const { provider } = providerFor(fake, { now: clock.now });
    const { step, back, account } = await connectAccount(provider, "state-42");

    const consent = new URL(step.url);
    expect(consent.origin + consent.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(consent.searchParams)).toEqual({
      client_id: fake.appId,
      redirect_uri: REDIRECT_URI,
      scope: THREADS_SCOPES.join(","),
      response_type: "code",
      state: "state-42",
    });
    expect(back.searchParams.get("state")).toBe("state-42");

    // The id as Threads writes it, every digit kept (the exchange's bare number would have lost some).
    expect(account.externalAccountId).toBe(fake.user.id);
    expect(account).toMatchObject({ name: "@alice", handle: "@alice", scopes: [...THREADS_SCOPES] });
    expect(account.pictureUrl).toMatch(/^https:\/\//u);
    const token = fake.state.tokens.get(account.credentials.accessToken);
    expect(token?.kind).toBe("long");
    expect(account.credentials).toEqual({
      accessToken: token?.token,
      userId: fake.user.id,
      issuedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 5_183_944_000).toISOString(),
    });
    expect(account.tokenExpiresAt?.toISOString()).toBe(account.credentials.expiresAt);
    // The secret went in the exchange's body, never in a URL.
    const exchange = fake.state.requests.find((r) => r.path === "/oauth/access_token");
    expect(exchange?.params.get("client_secret")).toBe(fake.appSecret);
    expect(
      fake.state.requests.filter((r) => r.method === "GET").every((r) => r.path !== "/oauth/access_token"),
    ).toBe(true);
  });

  it("refuses a code Threads does not accept, with its reason", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    const connect = provider.connect;
    if (!connect?.complete) throw new Error("OAuth");
    const step = await connect.start({
      platform: "threads",
      credentials: {},
      state: "s",
      redirectUri: REDIRECT_URI,
    });
    if (step.kind !== "redirect") throw new Error("redirect");
    const error = await failure(
      connect.complete({
        platform: "threads",
        code: "not-a-code",
        pending: step.pending,
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe(
      "Threads did not accept the authorization (Invalid verification code format.). Please connect again.",
    );

    // A code used once already.
    const { code } = await connectAccount(provider);
    const reused = await failure(
      connect.complete({ platform: "threads", code, pending: step.pending, redirectUri: REDIRECT_URI }),
    );
    expect(reused.message).toMatch(/This authorization code has been used/u);
  });

  it("refuses when the app secret is wrong, and cannot start without the app settings", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake, { appSecret: "wrong" });
    const error = await failure(connectAccount(provider));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/Error validating client secret/u);

    const unset = createThreadsProvider({
      graphUrl: fake.url,
      appId: fake.appId,
      appSecret: undefined,
      tools: toolsFor(null).tools,
    });
    const notSet = await failure(
      unset.connect?.start({ platform: "threads", credentials: {}, state: "s", redirectUri: REDIRECT_URI }) ??
        Promise.resolve(),
    );
    expect(notSet.message).toMatch(/THREADS_APP_ID and THREADS_APP_SECRET/u);
  });
});

describe("Threads provider: publish", () => {
  it("publishes text: quota checked, a TEXT container, threads_publish, the permalink", async () => {
    const fake = await startFake();
    const { provider, connection, account } = connected(fake);
    const copy = await provider.publish(connection, postOf("Hello Threads! #coffee"));

    const [post] = fake.postsOf();
    expect(fake.postsOf()).toHaveLength(1);
    expect(post).toMatchObject({ mediaType: "TEXT", text: "Hello Threads! #coffee" });
    expect(copy.externalId).toBe(post?.id);
    expect(copy.url).toBe(`https://www.threads.net/@alice/post/${post?.shortcode}`);
    expect(
      apiCalls(fake)
        .map((r) => `${r.method} ${r.path}`)
        .slice(-5),
    ).toEqual([
      `GET /v1.0/${fake.user.id}/threads_publishing_limit`,
      `POST /v1.0/${fake.user.id}/threads`,
      `GET /v1.0/${post?.containerId}`,
      `POST /v1.0/${fake.user.id}/threads_publish`,
      `GET /v1.0/${post?.id}`,
    ]);
    // Writes carry the token in the form body, as the contract shows.
    const [create] = containerPosts(fake);
    expect(create?.params.get("access_token")).toBe(account.credentials.accessToken);
    expect(create?.params.get("media_type")).toBe("TEXT");
    expect(publishPosts(fake)[0]?.params.get("creation_id")).toBe(post?.containerId);
  });

  it("publishes one image by its public link, with alt text", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    await provider.publish(
      connection,
      postOf("One picture", { images: [namedImage("cup", "A cup of coffee")] }),
    );
    const [create] = containerPosts(fake);
    expect(Object.fromEntries(create?.params ?? [])).toMatchObject({
      media_type: "IMAGE",
      image_url: "https://media.example/cup.jpg",
      alt_text: "A cup of coffee",
      text: "One picture",
    });
    expect(fake.postsOf()[0]).toMatchObject({
      mediaType: "IMAGE",
      imageUrls: ["https://media.example/cup.jpg"],
    });

    await provider.publish(connection, postOf("No alt", { images: [namedImage("plain")] }));
    expect(containerPosts(fake)[1]?.params.has("alt_text")).toBe(false);
  });

  it("publishes several images as a carousel, waiting for every container", async () => {
    const fake = await startFake({ inProgressPolls: 1 });
    const { provider, connection, sleeps } = connected(fake);
    const images = [namedImage("a", "first"), namedImage("b"), namedImage("c", "third")];
    const copy = await provider.publish(connection, postOf("Three pictures", { images }));

    const [post] = fake.postsOf();
    expect(copy.externalId).toBe(post?.id);
    expect(post).toMatchObject({
      mediaType: "CAROUSEL",
      text: "Three pictures",
      imageUrls: images.map((image) => image.url),
      altTexts: ["first", null, "third"],
    });
    const creates = containerPosts(fake);
    expect(creates.map((r) => r.params.get("media_type"))).toEqual(["IMAGE", "IMAGE", "IMAGE", "CAROUSEL"]);
    expect(
      creates.slice(0, 3).every((r) => r.params.get("is_carousel_item") === "true" && !r.params.has("text")),
    ).toBe(true);
    const children = [...fake.state.containers.values()].filter((c) => c.isCarouselItem).map((c) => c.id);
    expect(creates[3]?.params.get("children")).toBe(children.join(","));
    // Each of the four containers answered IN_PROGRESS once: one wait each.
    expect(sleeps).toEqual([
      CONTAINER_POLL_DELAYS_MS[0],
      CONTAINER_POLL_DELAYS_MS[0],
      CONTAINER_POLL_DELAYS_MS[0],
      CONTAINER_POLL_DELAYS_MS[0],
    ]);
  });

  it("refuses, before any call, what Threads would refuse", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const before = fake.state.requests.length;

    const long = await failure(provider.publish(connection, postOf("a".repeat(501))));
    expect(long.reason).toBe("text_over_limit");
    expect(long.message).toBe("The post is 501 characters long; Threads takes 500.");
    // 200 emoji are 400 JavaScript characters but 800 as Threads counts them.
    const emoji = await failure(provider.publish(connection, postOf("😀".repeat(200))));
    expect(emoji.reason).toBe("text_over_limit");
    expect(emoji.message).toMatch(/800 characters long as Threads counts them/u);
    const many = await failure(
      provider.publish(
        connection,
        postOf("Too many", { images: Array.from({ length: 21 }, (_, i) => namedImage(`i${i}`)) }),
      ),
    );
    expect(many.reason).toBe("media_not_fitting");
    const gif = await failure(
      provider.publish(connection, postOf("GIF", { images: [namedImage("g", "", "image/gif")] })),
    );
    expect(gif.message).toBe("Threads takes JPEG and PNG images, not image/gif.");
    const big = await failure(
      provider.publish(connection, postOf("Big", { images: [namedImage("b", "", "image/png", 8_000_001)] })),
    );
    expect(big.message).toMatch(/larger than the 8 MB/u);
    const alt = await failure(
      provider.publish(connection, postOf("Alt", { images: [namedImage("a", "x".repeat(1001))] })),
    );
    expect(alt.reason).toBe("invalid_input");
    expect(fake.state.requests.length).toBe(before);

    // Exactly 500 goes out.
    await provider.publish(connection, postOf("b".repeat(500)));
    expect(fake.postsOf()).toHaveLength(1);
  });

  it("says when Meta could not fetch the image, at the container or in its status", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.failMediaFetch((url) => url.includes("private"));
    const refused = await failure(
      provider.publish(connection, postOf("Hidden", { images: [namedImage("private")] })),
    );
    expect(refused.reason).toBe("upstream_failed");
    expect(refused.message).toBe(MEDIA_FETCH_MESSAGE);

    fake.failNextContainers(1, "ERROR", "FAILED_DOWNLOADING_IMAGE");
    const failed = await failure(
      provider.publish(connection, postOf("Later", { images: [namedImage("later")] })),
    );
    expect(failed.reason).toBe("media_processing_failed");
    expect(failed.message).toMatch(
      /^Threads could not process the image: FAILED_DOWNLOADING_IMAGE \(Threads could not fetch it from its link/u,
    );
    expect(fake.postsOf()).toHaveLength(0);
    expect(publishPosts(fake)).toHaveLength(0);
  });

  it("reports a container in ERROR with Threads' message, and one that expired", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.failNextContainers(1, "ERROR", "UNSUPPORTED_ASPECT_RATIO");
    const error = await failure(
      provider.publish(connection, postOf("Odd shape", { images: [namedImage("odd")] })),
    );
    expect(error.reason).toBe("media_processing_failed");
    expect(error.message).toBe(
      "Threads could not process the image: UNSUPPORTED_ASPECT_RATIO. Nothing was published.",
    );
    fake.failNextContainers(1, "EXPIRED");
    const expired = await failure(provider.publish(connection, postOf("Too late")));
    expect(expired.message).toMatch(/expire/u);
    expect(fake.postsOf()).toHaveLength(0);
  });

  it("gives up on a container still in progress after about 5 minutes of polls", async () => {
    const fake = await startFake({ inProgressPolls: 1000 });
    const { provider, connection, sleeps } = connected(fake);
    const error = await failure(provider.publish(connection, postOf("Slow")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/still preparing the post after 5 minutes/u);
    expect(sleeps).toEqual(CONTAINER_POLL_DELAYS_MS);
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(6 * 60_000);
    expect(publishPosts(fake)).toHaveLength(0);
  });

  it("tries threads_publish again on the 'Media Not Found' race (24/4279009)", async () => {
    const fake = await startFake();
    const { provider, connection, sleeps } = connected(fake);
    fake.failNext({ method: "POST", path: /threads_publish$/u }, 400, {
      message: "The requested resource does not exist",
      code: 24,
      subcode: 4279009,
    });
    const copy = await provider.publish(connection, postOf("Race"));
    expect(fake.postsOf().map((p) => p.id)).toEqual([copy.externalId]);
    expect(sleeps).toEqual([MEDIA_NOT_FOUND_PAUSE_MS]);
  });
});

describe("Threads provider: a lost answer", () => {
  it.each(["destroy", "500"] as const)(
    "publish's answer lost (%s) after publishing: the container says PUBLISHED, the listing names the post",
    async (how) => {
      const fake = await startFake();
      const { provider, connection, sleeps } = connected(fake);
      fake.dropPublishAnswer(1, how);
      const copy = await provider.publish(connection, postOf("Lost on the way back"));
      const [post] = fake.postsOf();
      expect(fake.postsOf()).toHaveLength(1);
      expect(copy.externalId).toBe(post?.id);
      expect(copy.url).toBe(`https://www.threads.net/@alice/post/${post?.shortcode}`);
      expect(publishPosts(fake)).toHaveLength(1);
      expect(sleeps).toEqual([LOST_ANSWER_PAUSE_MS]);
    },
  );

  it("a 5xx before publishing: the container is still FINISHED, so it is published once more", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.failNext({ method: "POST", path: /threads_publish$/u }, 503, {
      message: "Service unavailable",
      code: 2,
    });
    const copy = await provider.publish(connection, postOf("Second time lucky"));
    expect(fake.postsOf().map((p) => p.id)).toEqual([copy.externalId]);
    expect(publishPosts(fake)).toHaveLength(2);
    expect(new Set(publishPosts(fake).map((r) => r.params.get("creation_id"))).size).toBe(1);
  });

  it("lost twice with nothing published: unconfirmed, no post, never a third try", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    for (let i = 0; i < 2; i++) {
      fake.failNext({ method: "POST", path: /threads_publish$/u }, 500, {
        message: "An unknown error",
        code: 1,
      });
    }
    const error = await failure(provider.publish(connection, postOf("Nobody knows")));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(UNCONFIRMED_MESSAGE);
    expect(publishPosts(fake)).toHaveLength(2);
    expect(fake.postsOf()).toHaveLength(0);
  });

  it("published but the listing cannot name it: unconfirmed, one post", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.dropPublishAnswer(1);
    fake.failNext({ method: "GET", path: /\/threads$/u }, 500, { message: "An unknown error", code: 1 });
    const error = await failure(provider.publish(connection, postOf("Out, but which one?")));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(fake.postsOf()).toHaveLength(1);
    expect(publishPosts(fake)).toHaveLength(1);
  });

  it("the container cannot be asked after the lost answer: unconfirmed, one post", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.dropPublishAnswer(1);
    // The container's second status read (the one after the lost answer) fails.
    fake.failNext({ method: "GET", path: /^\/v1\.0\/\d+$/u, skip: 1 }, 500, {
      message: "An unknown error",
      code: 1,
    });
    const error = await failure(provider.publish(connection, postOf("Unknowable")));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(UNCONFIRMED_MESSAGE);
    expect(fake.postsOf()).toHaveLength(1);
    expect(publishPosts(fake)).toHaveLength(1);
  });
});

describe("Threads provider: findPublished", () => {
  it("finds the attempt's post by its text since the attempt, or says none was made", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const attemptAt = new Date();
    const copy = await provider.publish(connection, postOf("Settle me\nplease", { attemptAt }));
    const lookup = { postId: "post-1", content: "Settle me\r\nplease ", marker: randomUUID(), attemptAt };

    const found = await provider.findPublished(connection, lookup);
    expect(found?.externalId).toBe(copy.externalId);
    expect(found?.url).toBe(copy.url);
    expect(found?.publishedAt?.getTime()).toBeCloseTo(Math.floor(attemptAt.getTime() / 1000) * 1000, -4);
    expect(await provider.findPublished(connection, { ...lookup, content: "Something else" })).toBeNull();
    // The listing was asked from a little before the attempt.
    const listing = fake.requestsTo("GET", /\/threads$/u).at(-1);
    expect(Number(listing?.params.get("since"))).toBeLessThan(attemptAt.getTime() / 1000);
    expect(fake.postsOf()).toHaveLength(1);
  });

  it("ignores an older post with the same text, and is unconfirmed when two match", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const attemptAt = new Date();
    fake.addPost("Same words", new Date(attemptAt.getTime() - 2 * DAY_MS));
    const lookup = { postId: "post-1", content: "Same words", marker: randomUUID(), attemptAt };
    expect(await provider.findPublished(connection, lookup)).toBeNull();

    fake.addPost("Same words", new Date(attemptAt.getTime() + 1000));
    fake.addPost("Same words", new Date(attemptAt.getTime() + 2000));
    const error = await failure(provider.findPublished(connection, lookup));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(UNCONFIRMED_MESSAGE);
  });

  it("without the attempt's time: a match could be an older post (unconfirmed); no match in the whole listing is none", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    fake.addPost("Posted long ago", new Date(Date.now() - 30 * DAY_MS));
    const lookup = { postId: "post-1", content: "Posted long ago", marker: randomUUID(), attemptAt: null };
    expect((await failure(provider.findPublished(connection, lookup))).reason).toBe("publish_unconfirmed");
    expect(await provider.findPublished(connection, { ...lookup, content: "Never posted" })).toBeNull();
  });

  it("a listing too long to read to its end, or one that fails, is unconfirmed", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const attemptAt = new Date();
    for (let i = 0; i < 301; i++) fake.addPost(`Busy post ${i}`, new Date(attemptAt.getTime() + i));
    const lookup = { postId: "post-1", content: "Not among them", marker: randomUUID(), attemptAt };
    expect((await failure(provider.findPublished(connection, lookup))).reason).toBe("publish_unconfirmed");
    expect(fake.requestsTo("GET", /\/threads$/u)).toHaveLength(3);

    fake.failNext({ method: "GET", path: /\/threads$/u }, 500, { message: "An unknown error", code: 1 });
    expect(
      (await failure(provider.findPublished(connection, { ...lookup, content: "Busy post 3" }))).reason,
    ).toBe("publish_unconfirmed");
  });
});

describe("Threads provider: delete", () => {
  it("deletes a post; deleting it again is fine", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    const copy = await provider.publish(connection, postOf("Short-lived"));
    await provider.delete(connection, copy.externalId);
    expect(fake.postsOf()).toHaveLength(0);
    expect(fake.state.deleted.map((p) => p.id)).toEqual([copy.externalId]);
    await provider.delete(connection, copy.externalId);
    expect((await failure(provider.delete(connection, "at://not/threads"))).reason).toBe("invalid_input");
  });
});

describe("Threads provider: tokens, limits and errors", () => {
  it("marks the connection expired once when Threads refuses the token (190)", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = connected(fake);
    fake.revokeToken();
    const error = await failure(provider.publish(connection, postOf("Nobody will see this")));
    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(TOKEN_EXPIRED_MESSAGE);
    expect(expiredCount()).toBe(1);
    expect(containerPosts(fake)).toHaveLength(0);
    const again = await failure(provider.delete(connection, "123"));
    expect(again.reason).toBe("network_token_expired");
  });

  it("renews a token at least a day old that ends within a week, and posts with the new one", async () => {
    const clock = clockAt();
    const fake = await startFake({ now: clock.now });
    const { provider } = providerFor(fake, { now: clock.now });
    const issuedAt = new Date(clock.now().getTime() - 55 * DAY_MS);
    const { connection, saved } = storedConnection(
      fake,
      issuedAt,
      new Date(clock.now().getTime() + 5 * DAY_MS),
    );
    const oldToken = connection.credentials.accessToken;

    await provider.publish(connection, postOf("Fresh token"));
    expect(fake.requestsTo("GET", /^\/refresh_access_token$/u)).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.accessToken).not.toBe(oldToken);
    expect(saved[0]?.issuedAt).toBe(clock.now().toISOString());
    expect(saved[0]?.expiresAt).toBe(new Date(clock.now().getTime() + 5_183_944_000).toISOString());
    expect(containerPosts(fake)[0]?.params.get("access_token")).toBe(saved[0]?.accessToken);

    // The renewed token is new again: no second renewal.
    await provider.publish(connection, postOf("Same token"));
    expect(fake.requestsTo("GET", /^\/refresh_access_token$/u)).toHaveLength(1);
  });

  it("does not renew a token with weeks left, or one less than a day old", async () => {
    const clock = clockAt();
    const fake = await startFake({ now: clock.now });
    const { provider } = providerFor(fake, { now: clock.now });
    const now = clock.now().getTime();
    const weeks = storedConnection(fake, new Date(now - 10 * DAY_MS), new Date(now + 50 * DAY_MS));
    await provider.publish(weeks.connection, postOf("Weeks left"));
    const young = storedConnection(fake, new Date(now - 3_600_000), new Date(now + 3 * DAY_MS));
    await provider.publish(young.connection, postOf("Young token"));
    expect(fake.requestsTo("GET", /^\/refresh_access_token$/u)).toHaveLength(0);
    expect(weeks.saved).toEqual([]);
    expect(young.saved).toEqual([]);
  });

  it("a renewal refused with 190 marks the connection expired; other failures keep the current token", async () => {
    const clock = clockAt();
    const fake = await startFake({ now: clock.now });
    const { provider } = providerFor(fake, { now: clock.now });
    const now = clock.now().getTime();
    const dying = storedConnection(fake, new Date(now - 55 * DAY_MS), new Date(now + 2 * DAY_MS));
    fake.revokeToken(dying.connection.credentials.accessToken);
    const error = await failure(provider.publish(dying.connection, postOf("Too late")));
    expect(error.reason).toBe("network_token_expired");
    expect(dying.expiredCount()).toBe(1);
    expect(containerPosts(fake)).toHaveLength(0);

    const busy = storedConnection(fake, new Date(now - 55 * DAY_MS), new Date(now + 2 * DAY_MS));
    fake.rateLimitNext(1);
    await provider.publish(busy.connection, postOf("Old token still good"));
    expect(busy.saved).toEqual([]);
    expect(fake.postsOf()).toHaveLength(1);
  });

  it("hands a rate limit (code 4, 17, 32, 613) back with an hour's wait, or the usage header's", async () => {
    const fake = await startFake();
    const { provider, connection } = connected(fake);
    for (const code of [4, 17, 32, 613]) {
      fake.rateLimitNext(1, { code });
      const error = await failure(provider.publish(connection, postOf(`Code ${code}`)));
      expect(error.reason).toBe("upstream_failed");
      expect(error.retryAfterMs).toBe(3_600_000);
    }
    fake.rateLimitNext(1, {
      code: 4,
      headers: {
        "x-business-use-case-usage": JSON.stringify({ "1": [{ estimated_time_to_regain_access: 12 }] }),
      },
    });
    expect((await failure(provider.publish(connection, postOf("BUC")))).retryAfterMs).toBe(12 * 60_000);
    expect(containerPosts(fake)).toHaveLength(0);
  });

  it("waits out the day's 250 posts without making a container", async () => {
    const fake = await startFake({ quotaUsage: 250 });
    const { provider, connection } = connected(fake);
    const error = await failure(provider.publish(connection, postOf("One too many")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/^Threads' limit of 250 posts a day is reached/u);
    expect(error.retryAfterMs).toBe(QUOTA_WAIT_MS);
    expect(containerPosts(fake)).toHaveLength(0);
  });
});
