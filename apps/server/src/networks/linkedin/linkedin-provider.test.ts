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
  type FakeLinkedInOptions,
  type FakeLinkedInServer,
  startLinkedInServer,
} from "../../../../../tests/fakes/linkedin-server";
import { networkModules } from "../modules";
import { type NetworkModuleContext, readModuleEnv } from "../network-module";
import {
  CONNECT_ASK,
  CONNECT_HELP,
  createLinkedInProvider,
  LINKEDIN_SCOPES,
  LINKEDIN_VERSION,
  linkedinModule,
  RATE_LIMIT_RETRY_MS,
  TOKEN_EXPIRED_MESSAGE,
  UNCONFIRMED_MESSAGE,
  VERSION_RETIRED_MESSAGE,
} from "./index";

const REDIRECT_URI = "https://app.example/auth/channels/linkedin/callback";
const NOW = new Date("2026-12-01T09:00:00Z");

const startFake = fakesClosedAfterEach((options: FakeLinkedInOptions = {}) =>
  startLinkedInServer({ now: () => NOW, ...options }),
);

function providerFor(
  fake: FakeLinkedInServer,
  overrides: { clientId?: string | undefined; clientSecret?: string | undefined; fetch?: typeof fetch } = {},
) {
  const { tools, sleeps } = toolsFor(null, { now: () => NOW });
  const provider = createLinkedInProvider({
    clientId: "clientId" in overrides ? overrides.clientId : fake.clientId,
    clientSecret: "clientSecret" in overrides ? overrides.clientSecret : fake.clientSecret,
    apiUrl: fake.url,
    authUrl: fake.url,
    tools,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
  return { provider, sleeps, tools };
}

type Setup = ReturnType<typeof providerFor>;

/** start → the consent page → its Allow link (302, followed by hand as the browser would) → complete. */
const connectAccount = ({ provider }: Setup, state = "state-1") =>
  connectByConsent(
    provider.connect,
    { platform: "linkedin", state, redirectUri: REDIRECT_URI },
    async (url) => {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const allow = /id="allow" href="([^"]+)"/u.exec(await page.text())?.[1];
      return fetch(new URL(allow ?? "", url), { redirect: "manual" });
    },
  );

async function connected(fake: FakeLinkedInServer, overrides: Parameters<typeof providerFor>[1] = {}) {
  const setup = providerFor(fake, overrides);
  const { account } = await connectAccount(setup);
  return { ...setup, account, ...connectionOf(account, "linkedin") };
}

const restCalls = (fake: FakeLinkedInServer) =>
  fake.state.requests.filter((r) => r.path.startsWith("/rest/"));
const postCreates = (fake: FakeLinkedInServer) =>
  fake.state.requests.filter((r) => r.method === "POST" && r.path === "/rest/posts");

describe("LinkedIn provider: describe and module", () => {
  it("declares the contract's limits and an OAuth connect with no fields", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    expect(provider.id).toBe("linkedin");
    expect(provider.platforms).toEqual(["linkedin"]);
    expect(provider.describe("linkedin")).toEqual({
      platform: "linkedin",
      label: "LinkedIn",
      connect: { method: "oauth", help: CONNECT_HELP, fields: [], ask: CONNECT_ASK },
      text: { maxLength: 3000, counting: "characters" },
      media: {
        maxImages: 20,
        maxImageBytes: 5 * 1024 * 1024,
        imageTypes: ["image/jpeg", "image/png", "image/gif"],
        altTextMaxLength: 4086,
      },
      formats: [
        expect.objectContaining({ format: "feed", maxItems: 1, videos: true, minVideoSeconds: 3 }),
        expect.objectContaining({ format: "carousel", maxItems: 20, videos: false }),
      ],
      nativeScheduling: null,
      exactlyOnce: "none",
      capabilities: {
        edit: true,
        delete: true,
        insights: false,
        ads: false,
        replies: false,
        firstComment: null,
        inbox: null,
      },
      style: expect.objectContaining({ voice: "feed", maxHashtags: 5, habitHashtags: 3 }),
    });
    expect(provider.describe("linkedin").style.postingHoursUtc).toHaveLength(7);
  });

  it("can connect only with both client settings", async () => {
    const fake = await startFake();
    expect(providerFor(fake).provider.connect?.available()).toBe(true);
    expect(providerFor(fake, { clientSecret: undefined }).provider.connect?.available()).toBe(false);
    const { provider } = providerFor(fake, { clientId: undefined });
    expect(provider.connect?.available()).toBe(false);
    const error = await failure(
      provider.connect?.start({
        platform: "linkedin",
        credentials: {},
        state: "s",
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(error.reason).toBe("invalid_input");
  });

  it("is registered, reads its settings, and describes LinkedIn's limits", () => {
    expect(networkModules).toContain(linkedinModule);
    const env = readModuleEnv(linkedinModule, { LINKEDIN_CLIENT_ID: "id", LINKEDIN_CLIENT_SECRET: " " });
    expect(env).toEqual({
      LINKEDIN_CLIENT_ID: "id",
      LINKEDIN_CLIENT_SECRET: undefined,
      LINKEDIN_API_URL: "https://api.linkedin.com",
      LINKEDIN_AUTH_URL: "https://www.linkedin.com",
    });
    const provider = linkedinModule.create({
      env,
      tools: toolsFor(null, { now: () => NOW }).tools,
      plainHttp: false,
    } as unknown as NetworkModuleContext<typeof env>);
    expect(provider.id).toBe("linkedin");
    expect(provider.connect?.available()).toBe(false);
    expect(provider.describe("linkedin")).toMatchObject({
      text: { maxLength: 3000 },
      media: { maxImages: 20, maxImageBytes: 5_242_880, altTextMaxLength: 4086 },
      exactlyOnce: "none",
    });
  });
});

describe("LinkedIn provider: connect", () => {
  it("goes start → LinkedIn's consent page → complete, and keeps the 60-day token", async () => {
    const fake = await startFake({ member: { picture: "https://media.licdn.com/alice.jpg" } });
    const setup = providerFor(fake);
    const { step, back, account } = await connectAccount(setup, "state-42");

    const authorize = new URL(step.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth/v2/authorization`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: "code",
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      state: "state-42",
      scope: "openid profile email w_member_social",
    });
    expect(step.url).toContain("scope=openid%20profile%20email%20w_member_social");
    // What complete needs, and no secret.
    expect(JSON.parse(step.pending)).toEqual({ redirectUri: REDIRECT_URI, scope: LINKEDIN_SCOPES });
    expect(step.pending).not.toContain(fake.clientSecret);
    expect(back.searchParams.get("state")).toBe("state-42");

    expect(account).toEqual({
      externalAccountId: fake.member.sub,
      name: "Alice Example",
      handle: null,
      pictureUrl: "https://media.licdn.com/alice.jpg",
      credentials: { accessToken: expect.any(String), personUrn: `urn:li:person:${fake.member.sub}` },
      tokenExpiresAt: new Date(NOW.getTime() + 5_183_999_000),
      scopes: ["openid", "profile", "email", "w_member_social"],
      metadata: {},
    });
    expect(fake.state.tokens.get(account.credentials.accessToken)?.sub).toBe(fake.member.sub);
    const exchange = fake.state.requests.find((r) => r.path === "/oauth/v2/accessToken");
    expect(exchange?.method).toBe("POST");
  });

  it("lists the pages the member may post for when the token carries the organization scope", async () => {
    const fake = await startFake({
      grantScopes: ["openid", "profile", "email", "w_member_social", "w_organization_social"],
      organizations: [
        { id: "2414183", name: "Acme Coffee" },
        { id: "100", name: "Acme Tea", role: "CONTENT_ADMINISTRATOR" },
        { id: "200", name: "Analytics only", role: "ANALYST" },
        { id: "300", name: "Pending", state: "REQUESTED" },
      ],
    });
    const { account, provider, connection } = await connected(fake);
    expect(account.scopes).toContain("w_organization_social");
    expect(account.metadata.organizations).toEqual([
      { urn: "urn:li:organization:2414183", name: "Acme Coffee" },
      { urn: "urn:li:organization:100", name: "Acme Tea" },
    ]);
    // Publishing stays as the member.
    await provider.publish(connection, postOf("As myself"));
    expect(fake.posts()[0]?.author).toBe(fake.member.urn);
  });

  it("refuses a code LinkedIn does not accept, with LinkedIn's reason", async () => {
    const fake = await startFake();
    const setup = providerFor(fake, { clientSecret: "wrong-secret" });
    const error = await failure(connectAccount(setup));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe(
      "LinkedIn did not accept the authorization (Client authentication failed). Please connect again.",
    );
  });

  it("refuses a code used twice, and a callback on another redirect address", async () => {
    const fake = await startFake();
    const setup = providerFor(fake);
    const connect = setup.provider.connect;
    const { step, back } = await connectAccount(setup);
    const code = back.searchParams.get("code") ?? "";
    const again = await failure(
      connect?.complete?.({ platform: "linkedin", code, pending: step.pending, redirectUri: REDIRECT_URI }),
    );
    expect(again.reason).toBe("upstream_failed");
    expect(again.message).toMatch(
      /^LinkedIn did not accept the authorization \(Unable to retrieve access token/u,
    );

    const elsewhere = await failure(
      connect?.complete?.({
        platform: "linkedin",
        code,
        pending: step.pending,
        redirectUri: "https://evil.example/cb",
      }),
    );
    expect(elsewhere.reason).toBe("invalid_input");
  });
});

describe("LinkedIn provider: publish", () => {
  it("publishes text as escaped little text, hashtags kept, with the version headers", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const content =
      "Launch day (v2) for C# fans: 50% off_today [limited] <3 ~ *wow* a|b {x} @team \\o/ https://example.com/a_b#top\n#Coffee #Café2026";
    const copy = await provider.publish(connection, postOf(content));

    const [post] = fake.posts();
    expect(fake.posts()).toHaveLength(1);
    expect(post?.truncated).toBe(false);
    expect(post?.text).toBe(content);
    expect(post?.hashtags).toEqual(["Coffee", "Café2026"]);
    expect(post?.commentary).toContain("\\(v2\\)");
    expect(post?.commentary).toContain("C\\# fans");
    expect(post).toMatchObject({
      author: fake.member.urn,
      visibility: "PUBLIC",
      lifecycleState: "PUBLISHED",
    });
    expect(copy).toEqual({
      externalId: post?.urn,
      url: `${fake.url}/feed/update/${post?.urn}/`,
      publishedAt: NOW,
    });
    expect(copy.externalId).toMatch(/^urn:li:share:\d+$/u);
    // The post's page is there.
    expect((await fetch(copy.url ?? "")).status).toBe(200);
    for (const call of restCalls(fake)) {
      expect(call.version).toBe(LINKEDIN_VERSION);
      expect(call.protocol).toBe("2.0.0");
    }
  });

  it("publishes text of exactly 3,000 characters", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    await provider.publish(connection, postOf("é".repeat(3000)));
    expect(fake.posts()[0]?.text).toHaveLength(3000);
  });

  it("publishes one image with its alt text (initializeUpload, then the bytes PUT with the token)", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    await provider.publish(
      connection,
      postOf("One picture", { images: [imageOf("image/png", "Team photo")] }),
    );

    const [post] = fake.posts();
    expect(post?.multiImage).toBe(false);
    expect(post?.images).toEqual([{ id: expect.stringMatching(/^urn:li:image:/u), altText: "Team photo" }]);
    const image = fake.state.images.get(post?.images[0]?.id ?? "");
    expect(image).toMatchObject({ owner: fake.member.urn, mimeType: "image/png", status: "AVAILABLE" });
    expect(image?.bytes?.byteLength).toBe(256);
    const put = fake.state.requests.find((r) => r.method === "PUT");
    expect(put?.path).toMatch(/^\/dms-uploads\//u);
    expect(put?.token).toBe(connection.credentials.accessToken);
  });

  it("publishes several images as a multi-image post, an empty alt text left out", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    await provider.publish(
      connection,
      postOf("Three pictures", {
        images: [imageOf("image/jpeg", "First"), imageOf("image/gif", ""), imageOf("image/png", "Third")],
      }),
    );
    const [post] = fake.posts();
    expect(post?.multiImage).toBe(true);
    expect(post?.images.map((i) => i.altText)).toEqual(["First", null, "Third"]);
    expect(fake.state.images.size).toBe(3);
  });

  it("refuses what LinkedIn would not take before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const before = fake.state.requests.length;

    const long = await failure(provider.publish(connection, postOf("a".repeat(3001))));
    expect(long.reason).toBe("text_over_limit");
    expect(long.message).toBe("The post is 3001 characters long; LinkedIn takes 3000.");
    const many = Array.from({ length: 21 }, (_, i) => imageOf("image/png", `${i}`));
    expect((await failure(provider.publish(connection, postOf("Too many", { images: many })))).reason).toBe(
      "media_not_fitting",
    );
    const webp = await failure(
      provider.publish(connection, postOf("WebP", { images: [imageOf("image/webp", "")] })),
    );
    expect(webp.reason).toBe("invalid_input");
    const big = await failure(
      provider.publish(
        connection,
        postOf("Big", { images: [imageOf("image/jpeg", "", { size: 5 * 1024 * 1024 + 1 })] }),
      ),
    );
    expect(big.reason).toBe("invalid_input");
    const alt = await failure(
      provider.publish(connection, postOf("Alt", { images: [imageOf("image/jpeg", "x".repeat(4087))] })),
    );
    expect(alt.reason).toBe("invalid_input");

    expect(fake.state.requests.length).toBe(before);
    expect(fake.posts()).toHaveLength(0);
  });
});

describe("LinkedIn provider: edit and delete", () => {
  it("edits the commentary with a PARTIAL_UPDATE; refuses a text over the limit before any call", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Frist draft"));
    await provider.edit?.(connection, copy.externalId, postOf("First draft (fixed) #typo"));
    expect(fake.posts()[0]).toMatchObject({
      urn: copy.externalId,
      text: "First draft (fixed) #typo",
      hashtags: ["typo"],
      truncated: false,
    });
    expect(fake.posts()[0]?.editedAt).not.toBeNull();
    const update = fake.state.requests.find((r) => r.restliMethod === "PARTIAL_UPDATE");
    expect(update?.path).toBe(`/rest/posts/${encodeURIComponent(copy.externalId)}`);
    expect(update?.restliMethod).toBe("PARTIAL_UPDATE");

    const before = fake.state.requests.length;
    const over = await failure(provider.edit?.(connection, copy.externalId, postOf("x".repeat(3001))));
    expect(over.reason).toBe("text_over_limit");
    expect(fake.state.requests.length).toBe(before);
  });

  it("says so when the post to edit is gone", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const error = await failure(provider.edit?.(connection, "urn:li:share:1", postOf("Anything")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe("This post is no longer on LinkedIn.");
  });

  it("deletes a post; deleting it again is fine", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Short-lived"));
    await provider.delete(connection, copy.externalId);
    expect(fake.posts()).toHaveLength(0);
    expect(fake.state.deleted.map((p) => p.urn)).toEqual([copy.externalId]);
    await provider.delete(connection, copy.externalId);
    const deletes = fake.state.requests.filter((r) => r.method === "DELETE");
    expect(deletes.map((r) => r.path)).toEqual(
      Array(2).fill(`/rest/posts/${encodeURIComponent(copy.externalId)}`),
    );
  });
});

describe("LinkedIn provider: errors", () => {
  it("marks the connection expired once when LinkedIn refuses a revoked token (65601)", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = await connected(fake);
    fake.revokeToken();
    const error = await failure(provider.publish(connection, postOf("Nobody will see this")));
    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(TOKEN_EXPIRED_MESSAGE);
    expect(error.message).toBe(
      "LinkedIn no longer accepts this connection: reconnect it in Settings > Channels.",
    );
    expect(expiredCount()).toBe(1);
    expect(fake.posts()).toHaveLength(0);
  });

  it("does the same for a token LinkedIn says has expired (65600), on delete too", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = await connected(fake);
    const copy = await provider.publish(connection, postOf("Still here"));
    fake.expireToken();
    const error = await failure(provider.delete(connection, copy.externalId));
    expect(error.reason).toBe("network_token_expired");
    expect(expiredCount()).toBe(1);
    expect(fake.posts()).toHaveLength(1);
  });

  it("does not call LinkedIn with a token past its stored end", async () => {
    const fake = await startFake();
    const { provider, connection, expiredCount } = await connected(fake);
    const before = fake.state.requests.length;
    const stale = { ...connection, tokenExpiresAt: new Date(NOW.getTime() - 1000) };
    const error = await failure(provider.publish(stale, postOf("Too late")));
    expect(error.reason).toBe("network_token_expired");
    expect(error.message).toBe(TOKEN_EXPIRED_MESSAGE);
    expect(expiredCount()).toBe(1);
    expect(fake.state.requests.length).toBe(before);
  });

  it("hands a rate limit back with a 15-minute retryAfterMs (LinkedIn says no more)", async () => {
    const fake = await startFake();
    const { provider, connection, sleeps } = await connected(fake);
    fake.rateLimitNext(1);
    const error = await failure(provider.publish(connection, postOf("Later")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.retryAfterMs).toBe(RATE_LIMIT_RETRY_MS);
    expect(RATE_LIMIT_RETRY_MS).toBe(15 * 60_000);
    expect(sleeps).toEqual([]);
    expect(fake.posts()).toHaveLength(0);
  });

  it("says clearly when LinkedIn has retired the API version (426)", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.retireVersion(LINKEDIN_VERSION);
    const error = await failure(provider.publish(connection, postOf("Old version")));
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toBe(VERSION_RETIRED_MESSAGE);
    expect(fake.posts()).toHaveLength(0);
  });

  it("passes LinkedIn's refusal on, and a failed image upload is a plain failure", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.failNext({ method: "POST", path: /^\/rest\/posts$/u }, 422, { message: "commentary is invalid" });
    const refused = await failure(provider.publish(connection, postOf("Refused")));
    expect(refused.reason).toBe("upstream_failed");
    expect(refused.message).toBe("LinkedIn refused (422): commentary is invalid");

    fake.failNext({ method: "PUT" }, 503);
    const upload = await failure(
      provider.publish(connection, postOf("Image", { images: [imageOf("image/png", "")] })),
    );
    expect(upload.reason).toBe("upstream_failed");
    expect(fake.posts()).toHaveLength(0);
  });

  it("sends the member's token to no upload address outside LinkedIn", async () => {
    const fake = await startFake();
    const redirecting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes("action=initializeUpload")) return response;
      const body = (await response.json()) as { value: { uploadUrl: string } };
      body.value.uploadUrl = "https://uploads.evil.example/put";
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const { provider, connection } = await connected(fake, { fetch: redirecting });
    const error = await failure(
      provider.publish(connection, postOf("Image", { images: [imageOf("image/png", "")] })),
    );
    expect(error.reason).toBe("upstream_failed");
    expect(error.message).toMatch(/outside LinkedIn/u);
    expect(fake.state.requests.filter((r) => r.method === "PUT")).toHaveLength(0);
  });
});

describe("LinkedIn provider: a lost answer", () => {
  it("is Unconfirmed when the socket dies after the post was made: one post, never sent again", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.dropNextPostResponse("destroy");
    const post = postOf("Lost on the way back");
    const error = await failure(provider.publish(connection, post));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(error.message).toBe(UNCONFIRMED_MESSAGE);
    expect(error.message).toBe("Unconfirmed: check your LinkedIn profile");
    expect(fake.posts()).toHaveLength(1);
    expect(postCreates(fake)).toHaveLength(1);

    const lookup = {
      postId: post.postId,
      content: post.content,
      marker: post.marker,
      attemptAt: post.attemptAt,
    };
    const settled = await failure(provider.findPublished(connection, lookup));
    expect(settled.reason).toBe("publish_unconfirmed");
    expect(settled.message).toBe(UNCONFIRMED_MESSAGE);
    expect(postCreates(fake)).toHaveLength(1);
  });

  it("is Unconfirmed on a 5xx to the post too", async () => {
    const fake = await startFake();
    const { provider, connection } = await connected(fake);
    fake.dropNextPostResponse("500");
    const error = await failure(provider.publish(connection, postOf("Made, then 500")));
    expect(error.reason).toBe("publish_unconfirmed");
    expect(fake.posts()).toHaveLength(1);
  });
});

describe("fake LinkedIn server", () => {
  it("refuses /rest calls without the version headers", async () => {
    const fake = await startFake();
    const token = fake.issueToken();
    const call = (headers: Record<string, string>) =>
      fetch(`${fake.url}/rest/images?action=initializeUpload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
        body: JSON.stringify({ initializeUploadRequest: { owner: fake.member.urn } }),
      });
    const noVersion = await call({ "x-restli-protocol-version": "2.0.0" });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ code: "VERSION_MISSING" });
    expect((await call({ "linkedin-version": LINKEDIN_VERSION })).status).toBe(400);
    const both = await call({ "linkedin-version": LINKEDIN_VERSION, "x-restli-protocol-version": "2.0.0" });
    expect(both.status).toBe(200);
  });

  it("sends a cancelled consent back with an error and the state", async () => {
    const fake = await startFake();
    const { provider } = providerFor(fake);
    const step = await provider.connect?.start({
      platform: "linkedin",
      credentials: {},
      state: "s-9",
      redirectUri: REDIRECT_URI,
    });
    if (step?.kind !== "redirect") throw new Error("expected the consent page");
    const cancel = /id="cancel" href="([^"]+)"/u.exec(await (await fetch(step.url)).text())?.[1];
    const back = await fetch(new URL(cancel ?? "", step.url), { redirect: "manual" });
    const location = new URL(back.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect(location.searchParams.get("state")).toBe("s-9");
    expect(location.searchParams.has("code")).toBe(false);
  });
});
