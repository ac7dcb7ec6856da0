import { randomUUID } from "node:crypto";
import {
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
  type FakeMastodonOptions,
  type FakeMastodonServer,
  startMastodonServer,
} from "../../../../../tests/fakes/mastodon-server";
import { createGuardedFetch } from "../../adapters/guarded-fetch";
import { BLOCKED_ADDRESS } from "../../adapters/safe-web-fetcher";
import {
  createMastodonProvider,
  createMemoryMastodonAppStore,
  MASTODON_SCOPES,
  MEDIA_POLL_MS,
  registrationKeyOf,
  TOKEN_EXPIRED_MESSAGE,
  UNCONFIRMED_MESSAGE,
} from "./index";
import { notMastodonMessage } from "./instance";

const REDIRECT_URI = "https://app.example/connect/mastodon/callback";

const startFake = fakesClosedAfterEach((options: FakeMastodonOptions = {}) => startMastodonServer(options));

/** The provider as production wires it, except that the guard lets exactly the fake's port through. */
function providerFor(
  fake: FakeMastodonServer,
  {
    guardedFetch,
    registrations = createMemoryMastodonAppStore(),
  }: {
    guardedFetch?: typeof fetch;
    registrations?: ReturnType<typeof createMemoryMastodonAppStore>;
  } = {},
) {
  const { tools, sleeps } = toolsFor(fake.url, { guardedFetch });
  const provider = createMastodonProvider({
    appName: "Acme Social",
    website: "https://app.example",
    tools,
    registrations,
    scheme: "http",
  });
  return { provider, registrations, sleeps, tools };
}

type Setup = ReturnType<typeof providerFor>;

const connectAccount = ({ provider, tools }: Setup, typed: string, state = "state-1") =>
  connectByConsent(
    provider.connect,
    { platform: "mastodon", credentials: { instance: typed }, state, redirectUri: REDIRECT_URI },
    (url) => tools.guardedFetch(url, { redirect: "manual" }),
  );

async function connected(fake: FakeMastodonServer) {
  const setup = providerFor(fake);
  const { account } = await connectAccount(setup, fake.host);
  return { ...setup, account, ...connectionOf(account, "mastodon") };
}

const statusPosts = (fake: FakeMastodonServer) =>
  fake.state.requests.filter((r) => r.method === "POST" && r.path === "/api/v1/statuses");

describe("Mastodon provider: describe", () => {
  it("declares Mastodon's defaults, and a connection's own instance limits over them", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    expect(provider.id).toBe("mastodon");
    expect(provider.platforms).toEqual(["mastodon"]);
    const descriptor = provider.describe("mastodon");
    expect(descriptor).toMatchObject({
      label: "Mastodon",
      connect: { method: "instance_oauth" },
      text: { maxLength: 500, counting: "mastodon", urlLength: 23 },
      media: {
        maxImages: 4,
        maxImageBytes: 16_777_216,
        imageTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
        altTextMaxLength: 1500,
      },
      nativeScheduling: { minLeadMinutes: 6, maxLeadDays: 365 },
      exactlyOnce: "idempotency_key",
      capabilities: { edit: true, delete: true, insights: false, ads: false, replies: true },
      style: { maxHashtags: 5 },
    });
    expect(provider.connect?.available()).toBe(true);
  });
});

describe("Mastodon provider: connect", () => {
  it("goes start → the instance's consent (302) → complete, with PKCE", async () => {
    const fake = await startFake();
    const setup = providerFor(fake);
    const { step, back, account } = await connectAccount(setup, `https://${fake.host}/@alice`, "state-42");

    const authorize = new URL(step.url);
    expect(authorize.origin).toBe(fake.url);
    expect(authorize.pathname).toBe("/oauth/authorize");
    const app = fake.state.apps[0];
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: app?.clientId,
      redirect_uri: REDIRECT_URI,
      scope: MASTODON_SCOPES,
      state: "state-42",
      code_challenge_method: "S256",
    });
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(app).toMatchObject({
      name: "Acme Social",
      website: "https://app.example",
      redirectUris: [REDIRECT_URI],
    });
    expect(app?.scopes.join(" ")).toBe(MASTODON_SCOPES);
    expect(back.searchParams.get("state")).toBe("state-42");

    expect(account).toMatchObject({
      externalAccountId: fake.user.id,
      handle: `@alice@${fake.host}`,
      name: "Alice Example",
      pictureUrl: `${fake.url}/avatars/alice.png`,
      credentials: { host: fake.host },
      tokenExpiresAt: null,
      metadata: {
        handle: `@alice@${fake.host}`,
        host: fake.host,
        limits: {
          maxCharacters: 500,
          urlLength: 23,
          maxImages: 4,
          maxImageBytes: 16_777_216,
          imageTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
          altTextMaxLength: 1500,
        },
      },
    });
    expect(account.scopes).toEqual(MASTODON_SCOPES.split(" "));
    // The token the flow gave works on the instance.
    expect(fake.state.tokens.get(account.credentials.accessToken)?.accountId).toBe(fake.user.id);
  });

  it("refuses a code exchanged without the start's PKCE verifier", async () => {
    const fake = await startFake();
    const setup = providerFor(fake);
    const connect = setup.provider.connect;
    const step = await connect?.start({
      platform: "mastodon",
      credentials: { instance: fake.host },
      state: "s",
      redirectUri: REDIRECT_URI,
    });
    if (step?.kind !== "redirect" || !connect?.complete) throw new Error("expected the consent page");
    const consent = await setup.tools.guardedFetch(step.url, { redirect: "manual" });
    const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tampered = JSON.stringify({ ...JSON.parse(step.pending), codeVerifier: "x".repeat(43) });
    const error = await failure(
      connect.complete({ platform: "mastodon", code, pending: tampered, redirectUri: REDIRECT_URI }),
    );
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/did not accept the authorization/u);
  });

  it("registers the app once per instance across two connects", async () => {
    const fake = await startFake();
    const setup = providerFor(fake);
    await connectAccount(setup, fake.host);
    await connectAccount(setup, `@alice@${fake.host}`);
    expect(fake.state.apps).toHaveLength(1);
    expect(fake.state.requests.filter((r) => r.path === "/api/v1/apps")).toHaveLength(1);
    expect(setup.registrations.apps.get(registrationKeyOf(fake.host))?.clientId).toBe(
      fake.state.apps[0]?.clientId,
    );
  });

  it("two servers registering on a new instance at once both send the user to the stored registration", async () => {
    const fake = await startFake();
    const first = providerFor(fake);
    const second = providerFor(fake, { registrations: first.registrations });
    const [one, two] = await Promise.all([
      connectAccount(first, fake.host),
      connectAccount(second, fake.host),
    ]);
    const stored = first.registrations.apps.get(registrationKeyOf(fake.host))?.clientId;
    expect(new URL(one.step.url).searchParams.get("client_id")).toBe(stored);
    expect(new URL(two.step.url).searchParams.get("client_id")).toBe(stored);
    expect(two.account.externalAccountId).toBe(fake.user.id);
  });

  it("refuses, with a clear message, a host that is not a Mastodon instance", async () => {
    const fake = await startFake({ notMastodon: true });
    const setup = providerFor(fake);
    const error = await failure(
      setup.provider.connect?.start({
        platform: "mastodon",
        credentials: { instance: fake.host },
        state: "s",
        redirectUri: REDIRECT_URI,
      }) ?? Promise.resolve(),
    );
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toBe(notMastodonMessage(fake.host));
    expect(fake.state.apps).toHaveLength(0);
  });

  it("cannot reach the fake (loopback) through a guard that has no allowance for it", async () => {
    const fake = await startFake();
    const setup = providerFor(fake, { guardedFetch: createGuardedFetch() });
    const error = await failure(
      setup.provider.connect?.start({
        platform: "mastodon",
        credentials: { instance: fake.host },
        state: "s",
        redirectUri: REDIRECT_URI,
      }) ?? Promise.resolve(),
    );
    expect(error.reason).toBe("invalid_input");
    expect(error.message).toBe(BLOCKED_ADDRESS);
    expect(fake.state.requests).toHaveLength(0);
  });
});

describe("Mastodon provider: the instance's limits", () => {
  it("reads them when connecting and refuses a post over them before any call (a URL counts 23)", async () => {
    const fake = await startFake({ limits: { maxCharacters: 100, maxMediaAttachments: 2 } });
    const { provider, account, connection } = await connected(fake);
    expect(account.metadata.limits).toMatchObject({ maxCharacters: 100, maxImages: 2 });
    expect(provider.describe("mastodon", connection).text.maxLength).toBe(100);
    expect(provider.describe("mastodon", connection).media.maxImages).toBe(2);

    const before = fake.state.requests.length;
    const over = await failure(provider.publish(connection, postOf("a".repeat(101))));
    expect(over.reason).toBe("text_over_limit");
    const tooMany = await failure(
      provider.publish(
        connection,
        postOf("three images", {
          images: [imageOf("image/png", "1"), imageOf("image/png", "2"), imageOf("image/png", "3")],
        }),
      ),
    );
    expect(tooMany.reason).toBe("media_not_fitting");
    expect(fake.state.requests.length).toBe(before);

    // 76 letters, a space and a 78-character link: 77 + 23 = 100, which fits.
    const withLink = `${"b".repeat(76)} https://example.com/${"p".repeat(58)}`;
    expect(withLink.length).toBe(155);
    const copy = await provider.publish(connection, postOf(withLink));
    expect(fake.statusesOf().map((s) => s.id)).toEqual([copy.externalId]);
  });
});

describe("Mastodon provider: publish", () => {
  it("publishes text with the attempt's marker as Idempotency-Key", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const post = postOf("Hello Mastodon! #coffee", { language: "de" });
    const copy = await provider.publish(connection, post);

    const [status] = fake.statusesOf();
    expect(fake.statusesOf()).toHaveLength(1);
    expect(status).toMatchObject({ text: "Hello Mastodon! #coffee", visibility: "public", language: "de" });
    expect(copy.externalId).toBe(status?.id);
    expect(copy.url).toBe(`${fake.url}/@alice/${status?.id}`);
    expect(copy.publishedAt?.getTime()).toBe(status?.createdAt.getTime());
    expect(statusPosts(fake).map((r) => r.idempotencyKey)).toEqual([post.marker]);
  });

  it("publishes two images with alt text, waiting for the one still processing (202)", async () => {
    const fake = await startFake({ processingPolls: 2 });
    const { provider, connection, sleeps } = await connected(fake);
    const copy = await provider.publish(
      connection,
      postOf("Two pictures", {
        images: [imageOf("image/png", "A cup of coffee"), imageOf("image/gif", "Steam rising, animated")],
      }),
    );

    const [status] = fake.statusesOf();
    expect(status?.id).toBe(copy.externalId);
    expect(status?.mediaIds).toHaveLength(2);
    const media = (status?.mediaIds ?? []).map((id) => fake.state.media.get(id));
    expect(media.map((m) => [m?.mimeType, m?.description])).toEqual([
      ["image/png", "A cup of coffee"],
      ["image/gif", "Steam rising, animated"],
    ]);
    // Two 206 answers, then 200: polled three times, waiting before each.
    expect(
      fake.state.requests.filter((r) => r.method === "GET" && r.path.startsWith("/api/v1/media/")),
    ).toHaveLength(3);
    expect(sleeps.filter((ms) => ms === MEDIA_POLL_MS)).toHaveLength(3);
  });

  it("sends a status whose answer was lost again with the same key: one status", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.dropNextStatusResponse();
    const post = postOf("Lost on the way back");
    const copy = await provider.publish(connection, post);

    expect(fake.statusesOf()).toHaveLength(1);
    expect(fake.statusesOf()[0]?.id).toBe(copy.externalId);
    expect(statusPosts(fake).map((r) => r.idempotencyKey)).toEqual([post.marker, post.marker]);
  });

  it("treats a 5xx as a lost answer too", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.failNext({ method: "POST", path: /^\/api\/v1\/statuses$/u }, 503, "Service Unavailable");
    await provider.publish(connection, postOf("After a 503"));
    expect(fake.statusesOf()).toHaveLength(1);
    expect(statusPosts(fake)).toHaveLength(2);
  });

  it("is unconfirmed when both answers are lost, and findPublished settles it: the same single status", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.dropNextStatusResponse(2);
    const post = postOf("Lost twice");
    const error = await failure(provider.publish(connection, post));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(UNCONFIRMED_MESSAGE);
    expect(fake.statusesOf()).toHaveLength(1);

    const found = await provider.findPublished(connection, {
      postId: post.postId,
      content: post.content,
      marker: post.marker,
      attemptAt: post.attemptAt,
    });
    expect(found?.externalId).toBe(fake.statusesOf()[0]?.id);
    expect(found?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/@alice\//);
    expect(fake.statusesOf()).toHaveLength(1);
  });
});

describe("Mastodon provider: findPublished", () => {
  it("within the key's hour answers null for an attempt that made nothing, and makes nothing", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const found = await provider.findPublished(connection, {
      postId: "post-1",
      content: "Never sent",
      marker: randomUUID(),
      attemptAt: new Date(),
    });
    expect(found).toBeNull();
    expect(fake.statusesOf()).toHaveLength(0);
  });

  it("past the key's hour matches the text among the account's latest statuses", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const content =
      "Old news & more\nsee https://example.com/a/really/long/path/to/read for @bob@other.social";
    const copy = await provider.publish(connection, postOf(content));
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);

    const lookup = { postId: "post-1", content, marker: randomUUID(), attemptAt: twoHoursAgo };
    expect((await provider.findPublished(connection, lookup))?.externalId).toBe(copy.externalId);
    expect(await provider.findPublished(connection, { ...lookup, content: "Something else" })).toBeNull();

    // Two statuses with that text: it cannot tell which is the attempt's.
    await provider.publish(connection, postOf(content));
    const unsure = await failure(provider.findPublished(connection, lookup));
    expect(unsure.reason).toBe("publish_unconfirmed");
    expect(fake.statusesOf()).toHaveLength(2);
  });
});

describe("Mastodon provider: edit, delete, schedule", () => {
  it("edits a status' text", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Frist draft"));
    await provider.edit?.(connection, copy.externalId, postOf("First draft"));
    expect(fake.statusesOf()[0]).toMatchObject({ id: copy.externalId, text: "First draft" });
    expect(fake.statusesOf()[0]?.editedAt).not.toBeNull();
    const over = await failure(
      provider.edit?.(connection, copy.externalId, postOf("x".repeat(501))) ?? Promise.resolve(),
    );
    expect(over.reason).toBe("text_over_limit");
  });

  it("deletes a status; deleting it again is fine", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Short-lived"));
    await provider.delete(connection, copy.externalId);
    expect(fake.statusesOf()).toHaveLength(0);
    expect(fake.state.deleted.map((s) => s.id)).toEqual([copy.externalId]);
    await provider.delete(connection, copy.externalId);
  });

  it("schedules natively from 6 minutes ahead, and cancels", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const before = fake.state.requests.length;
    expect(
      await provider.schedule?.(connection, postOf("Too soon"), new Date(Date.now() + 5 * 60_000)),
    ).toBeNull();
    expect(fake.state.requests.length).toBe(before);

    const at = new Date(Date.now() + 3 * 3_600_000);
    const held = await provider.schedule?.(connection, postOf("Later today"), at);
    const [scheduled] = fake.scheduledOf();
    expect(held?.externalId).toBe(`scheduled:${scheduled?.id}`);
    expect(scheduled).toMatchObject({ text: "Later today", visibility: "public" });
    expect(scheduled?.scheduledAt.getTime()).toBe(at.getTime());
    expect(fake.statusesOf()).toHaveLength(0);

    await provider.cancelScheduled?.(connection, held?.externalId ?? "");
    expect(fake.scheduledOf()).toHaveLength(0);
    await provider.cancelScheduled?.(connection, held?.externalId ?? "");
  });

  it("settles a scheduling whose answer was lost from the instance's scheduled statuses: one held", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.dropNextStatusResponse();
    const at = new Date(Date.now() + 2 * 86_400_000);
    const held = await provider.schedule?.(connection, postOf("In two days"), at);
    const [scheduled] = fake.scheduledOf();
    expect(fake.scheduledOf()).toHaveLength(1);
    expect(held?.externalId).toBe(`scheduled:${scheduled?.id}`);
    expect(statusPosts(fake)).toHaveLength(1);
    // Deleting a held post takes it back.
    await provider.delete(connection, held?.externalId ?? "");
    expect(fake.scheduledOf()).toHaveLength(0);
  });
});

describe("Mastodon provider: errors", () => {
  it("marks the connection expired once when the token is revoked", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = await connected(fake);
    fake.revokeToken();
    const error = await failure(provider.publish(connection, postOf("Nobody will see this")));
    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(TOKEN_EXPIRED_MESSAGE);
    expect(expiredCount()).toBe(1);
    expect(fake.statusesOf()).toHaveLength(0);
  });

  it("waits out a near rate limit (ISO 8601 X-RateLimit-Reset) and tries once more", async () => {
    const fake = await startFake();
    const { provider, connection, sleeps } = await connected(fake);
    fake.rateLimitNext(1, new Date(Date.now() + 20_000));
    await provider.publish(connection, postOf("Patience"));
    expect(fake.statusesOf()).toHaveLength(1);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(10_000);
    expect(sleeps[0]).toBeLessThanOrEqual(21_000);
  });

  it("hands a far rate limit back with retryAfterMs", async () => {
    const fake = await startFake();
    const { provider, connection, sleeps } = await connected(fake);
    fake.rateLimitNext(5, new Date(Date.now() + 10 * 60_000));
    const error = await failure(provider.publish(connection, postOf("Later")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.retryAfterMs).toBeGreaterThan(60_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(10 * 60_000);
    expect(sleeps).toEqual([]);
    expect(fake.statusesOf()).toHaveLength(0);
  });

  it("passes Mastodon's 422 text on as upstream_failed", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.failNext({ method: "POST", path: /^\/api\/v1\/statuses$/u }, 422, "Validation failed: Text is spam");
    const error = await failure(provider.publish(connection, postOf("Buy now")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toContain("Validation failed: Text is spam");
    expect(statusPosts(fake)).toHaveLength(1);
  });
});
