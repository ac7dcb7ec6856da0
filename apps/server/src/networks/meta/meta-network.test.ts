import { AppError } from "@smm/domain/errors";
import type { SocialPostRequest } from "@smm/domain/ports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../../tests/fakes/meta-graph-server";
import { createLogger } from "../../lib/logger";
import { createMetaAccounts, PAGE_SCOPES } from "./meta-accounts";
import {
  classifyGraphError,
  createGraphClient,
  GRAPH_LIST_MAX_PAGES,
  GraphError,
  readRetryAfterMs,
  readWholeGraphList,
} from "./meta-graph-client";
import {
  AMBIGUOUS_REASON,
  createMetaNetwork,
  type MetaBrandConnection,
  markedCaption,
  markOf,
  PERMISSION_REASON,
  TOKEN_EXPIRED_REASON,
  UNCONFIRMED_REASON,
  withoutMark,
} from "./meta-network";

let fake: FakeMetaGraphServer;
beforeAll(async () => {
  fake = await startFakeMetaGraphServer();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setFaults(null);
});

const PAGE_ID = "10100000000";
const IG_ID = "17841400000000001";
const PUBLIC_URL = "https://app.example.com";

const graph = (timeoutMs = 2000) =>
  createGraphClient({
    graphUrl: fake.url,
    version: "v25.0",
    timeoutMs,
    retryDelayMs: 1,
    sleep: async () => {},
  });

function setup(timeoutMs?: number) {
  const expired: string[] = [];
  const stored = new Map<string, { content: string; platform: "facebook" | "instagram" }>();
  const connection = (): MetaBrandConnection => {
    const page = fake.pages.get(PAGE_ID);
    if (!page) throw new Error("fake page missing");
    return { pageId: page.id, pageToken: page.token, instagramAccountId: page.instagramAccountId };
  };
  const network = createMetaNetwork({
    graph: graph(timeoutMs),
    publicUrl: PUBLIC_URL,
    loadConnection: async (_userId, brandId) => (brandId === "unconnected" ? null : connection()),
    readPost: async ({ postId }) => stored.get(postId) ?? null,
    onTokenExpired: async (_userId, brandId) => {
      expired.push(brandId);
    },
    containerPoll: { initialDelayMs: 1, attempts: 5 },
    logger: createLogger("silent"),
  });
  return { network, expired, stored, connection };
}

let counter = 0;
function post(values: Partial<SocialPostRequest> = {}): SocialPostRequest {
  counter += 1;
  return {
    userId: "user-1",
    brandId: "brand-1",
    postId: `post-${counter}`,
    platform: "facebook",
    content: `Autumn blend is back #${counter} ${Math.random()}`,
    imageUrl: null,
    ...values,
  };
}

const lastCall = (method: string, path: RegExp) =>
  [...fake.requests].reverse().find((r) => r.method === method && path.test(r.path));

describe("the Graph client's error table", () => {
  it("classes Meta's codes as the contract says", () => {
    expect(classifyGraphError(1, 400)).toBe("transient");
    expect(classifyGraphError(2, 400)).toBe("transient");
    expect(classifyGraphError(null, 503)).toBe("transient");
    for (const code of [4, 17, 32, 613, 80001]) expect(classifyGraphError(code, 400)).toBe("rate_limited");
    expect(classifyGraphError(190, 400)).toBe("token_expired");
    for (const code of [3, 10, 200, 250, 299]) expect(classifyGraphError(code, 403)).toBe("permission");
    for (const code of [100, 368, 506]) expect(classifyGraphError(code, 400)).toBe("rejected");
  });

  it("reads the wait from X-Business-Use-Case-Usage", () => {
    const headers = new Headers({
      "x-business-use-case-usage": JSON.stringify({
        "101": [{ type: "pages", call_count: 100, estimated_time_to_regain_access: 7 }],
      }),
    });
    expect(readRetryAfterMs(headers)).toBe(7 * 60_000);
    expect(readRetryAfterMs(new Headers())).toBeNull();
  });

  it("retries transient failures 3 times with doubling waits, then gives up", async () => {
    const waits: number[] = [];
    const client = createGraphClient({
      graphUrl: fake.url,
      version: "v25.0",
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    for (let i = 0; i < 4; i++)
      fake.failNext({ path: /^\/me$/ }, { status: 500, code: 2, message: "Service temporarily unavailable" });
    const token = await userToken();
    await expect(client.call({ method: "GET", path: "/me", token })).rejects.toBeInstanceOf(GraphError);
    expect(waits).toEqual([1000, 2000, 4000]);
  });
});

async function userToken(): Promise<string> {
  const accounts = createMetaAccounts({
    graph: graph(),
    dialogUrl: fake.url,
    appId: fake.appId,
    appSecret: fake.appSecret,
  });
  const dialog = accounts.dialogUrl({ redirectUri: `${PUBLIC_URL}/cb`, state: "s", scopes: PAGE_SCOPES });
  const html = await (await fetch(dialog)).text();
  const allow = /id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
  const code = new URL(allow).searchParams.get("code") ?? "";
  return (await accounts.exchangeCode({ code, redirectUri: `${PUBLIC_URL}/cb` })).accessToken;
}

describe("connecting through the fake dialog", () => {
  const accounts = () =>
    createMetaAccounts({ graph: graph(), dialogUrl: fake.url, appId: fake.appId, appSecret: fake.appSecret });

  it("builds the versioned login dialog URL with the app id, redirect, state and scopes", () => {
    const url = new URL(
      accounts().dialogUrl({
        redirectUri: `${PUBLIC_URL}/auth/facebook/callback`,
        state: "st4te",
        scopes: PAGE_SCOPES,
      }),
    );
    expect(url.pathname).toBe("/v25.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: fake.appId,
      redirect_uri: `${PUBLIC_URL}/auth/facebook/callback`,
      state: "st4te",
      response_type: "code",
    });
    expect(url.searchParams.get("scope")?.split(",")).toContain("pages_manage_posts");
  });

  it("exchanges the code (with the secret and the same redirect) for a long-lived token, once", async () => {
    const redirectUri = `${PUBLIC_URL}/cb`;
    const html = await (
      await fetch(accounts().dialogUrl({ redirectUri, state: "s", scopes: PAGE_SCOPES }))
    ).text();
    const code =
      new URL(/id="allow" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "").searchParams.get(
        "code",
      ) ?? "";
    const token = await accounts().exchangeCode({ code, redirectUri });
    expect(token.accessToken).toMatch(/^EAALONG/);
    const [short, long] = fake.requests.filter((r) => r.path === "/oauth/access_token");
    expect(short?.params).toMatchObject({
      client_id: fake.appId,
      client_secret: fake.appSecret,
      redirect_uri: redirectUri,
      code,
    });
    expect(long?.params).toMatchObject({ grant_type: "fb_exchange_token", client_id: fake.appId });
    const again = await accounts()
      .exchangeCode({ code, redirectUri })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(GraphError);
    expect((again as GraphError).subcode).toBe(36009);
  });

  it("lists pages with category, picture, page token and whether the user can manage posts", async () => {
    const token = await userToken();
    const pages = await accounts().listPages(token);
    expect(pages.map((p) => [p.name, p.canManagePosts])).toEqual([
      ["Fake Coffee Page", true],
      ["Fake Bakery Page", false],
    ]);
    expect(pages[0]).toMatchObject({ category: "Coffee Shop", pictureUrl: expect.stringContaining(PAGE_ID) });
    const call = lastCall("GET", /^\/me\/accounts$/);
    expect(call?.token).toBe(token);
    expect(call?.params.fields).toContain("tasks");
  });

  it("lists every page and ad account of an agency, following Graph's pages of results", async () => {
    const token = await userToken();
    const addedPages = Array.from({ length: 140 }, (_, i) => `20${String(i).padStart(9, "0")}`);
    const firstAccounts = fake.adAccounts.length;
    for (const [i, id] of addedPages.entries())
      fake.pages.set(id, {
        id,
        name: `Client Page ${i + 1}`,
        category: "Agency client",
        tasks: ["CREATE_CONTENT"],
        pictureUrl: `https://scontent.fake/${id}.jpg`,
        token: `EAAPAGECLIENT${i}`,
        instagramAccountId: null,
      });
    for (let i = 0; i < 130; i++)
      fake.adAccounts.push({
        id: `act_7770${i}`,
        account_id: `7770${i}`,
        name: `Client Ads ${i + 1}`,
        currency: "EUR",
        account_status: 1,
        balance: "0",
        amount_spent: "0",
        business: null,
      });
    try {
      fake.requests.length = 0;
      const pages = await accounts().listPages(token);
      expect(pages).toHaveLength(142);
      expect(pages.at(-1)?.name).toBe("Client Page 140");
      const pageCalls = fake.requests.filter((r) => r.method === "GET" && r.path === "/me/accounts");
      expect(pageCalls).toHaveLength(2);
      expect(pageCalls[0]?.params.after).toBeUndefined();
      expect(pageCalls[1]?.params.after).toBeTruthy();

      const adAccounts = await accounts().listAdAccounts(token);
      expect(adAccounts).toHaveLength(firstAccounts + 130);
      expect(adAccounts.at(-1)?.name).toBe("Client Ads 130");
    } finally {
      for (const id of addedPages) fake.pages.delete(id);
      fake.adAccounts.length = firstAccounts;
    }
  });

  it("reads a Graph list to its end page by page, and no further than its page limit", async () => {
    const token = await userToken();
    const request = { method: "GET" as const, path: "/me/accounts", token, params: { fields: "id,name" } };
    fake.requests.length = 0;
    const two = await readWholeGraphList<{ id: string; name: string }>(graph(), request, 1);
    expect(two.map((page) => page.name)).toEqual(["Fake Coffee Page", "Fake Bakery Page"]);
    expect(fake.requests.filter((r) => r.path === "/me/accounts")).toHaveLength(2);

    const added = Array.from(
      { length: GRAPH_LIST_MAX_PAGES + 5 },
      (_, i) => `30${String(i).padStart(9, "0")}`,
    );
    for (const id of added)
      fake.pages.set(id, {
        id,
        name: `Page ${id}`,
        category: "Agency client",
        tasks: [],
        pictureUrl: `https://scontent.fake/${id}.jpg`,
        token: `EAAPAGE${id}`,
        instagramAccountId: null,
      });
    try {
      const capped = await readWholeGraphList(graph(), request, 1);
      expect(capped).toHaveLength(GRAPH_LIST_MAX_PAGES);
    } finally {
      for (const id of added) fake.pages.delete(id);
    }
  });

  it("reads the linked Instagram business account with the page token", async () => {
    const page = fake.pages.get(PAGE_ID);
    expect(await accounts().readInstagramAccount(PAGE_ID, page?.token ?? "")).toBe(IG_ID);
    expect(lastCall("GET", new RegExp(`^/${PAGE_ID}$`))?.params.fields).toBe("instagram_business_account");
  });

  it("lists ad accounts with status, money and business name", async () => {
    const accountsList = await accounts().listAdAccounts(await userToken());
    expect(accountsList[0]).toEqual({
      id: "act_555000111",
      accountId: "555000111",
      name: "Fake Coffee Ads",
      currency: "EUR",
      accountStatus: 1,
      balance: "1250",
      amountSpent: "74385",
      businessName: "Fake Coffee Ltd",
    });
    expect(lastCall("GET", /^\/me\/adaccounts$/)?.params.fields).toContain("account_status");
  });
});

describe("publishing to a page", () => {
  it("posts text to /{page}/feed with the page token", async () => {
    const { network, connection } = setup();
    const request = post();
    const { externalId } = await network.publish(request);
    expect(externalId).toMatch(new RegExp(`^${PAGE_ID}_`));
    const call = lastCall("POST", /\/feed$/);
    expect(call).toMatchObject({ path: `/${PAGE_ID}/feed`, token: connection().pageToken });
    expect(call?.params).toMatchObject({ published: "true" });
    expect(withoutMark(call?.params.message ?? "")).toBe(request.content);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("posts a photo to /{page}/photos with the caption and an absolute image link on PUBLIC_URL", async () => {
    const { network } = setup();
    const request = post({ imageUrl: "/api/media/abc/file?expires=1&signature=s" });
    const { externalId } = await network.publish(request);
    expect(fake.posts.get(externalId)?.kind).toBe("photo");
    expect(withoutMark(lastCall("POST", /\/photos$/)?.params.caption ?? "")).toBe(request.content);
    expect(lastCall("POST", /\/photos$/)?.params).toMatchObject({
      url: `${PUBLIC_URL}/api/media/abc/file?expires=1&signature=s`,
      published: "true",
    });
  });

  it("schedules natively with published=false and scheduled_publish_time, then updates and cancels it", async () => {
    const { network } = setup();
    const at = new Date(Date.now() + 2 * 3600_000);
    const request = post();
    const { externalId } = await network.schedule({ ...request, scheduledDate: at });
    if (!externalId) throw new Error("not scheduled natively");
    expect(lastCall("POST", /\/feed$/)?.params).toMatchObject({
      published: "false",
      scheduled_publish_time: String(Math.floor(at.getTime() / 1000)),
    });
    const later = new Date(at.getTime() + 3600_000);
    await network.update({ ...request, content: "Edited", externalId, scheduledDate: later });
    expect(lastCall("POST", new RegExp(`^/${externalId}$`))?.params).toMatchObject({
      message: "Edited",
      scheduled_publish_time: String(Math.floor(later.getTime() / 1000)),
    });
    expect(fake.posts.get(externalId)?.message).toBe("Edited");
    await network.cancel({ userId: "user-1", brandId: "brand-1", externalId });
    expect(lastCall("DELETE", new RegExp(`^/${externalId}$`))).toBeDefined();
    expect(fake.posts.get(externalId)?.deleted).toBe(true);
  });

  it("schedules natively only between 11 minutes and 30 days ahead; otherwise the publish job fires it", async () => {
    const { network } = setup();
    for (const ahead of [10 * 60_000, 11 * 60_000, 30 * 86_400_000, 40 * 86_400_000]) {
      const result = await network.schedule({ ...post(), scheduledDate: new Date(Date.now() + ahead) });
      expect(result).toEqual({ externalId: null, network: "meta" });
    }
    expect(fake.requests).toHaveLength(0);
    const inside = await network.schedule({ ...post(), scheduledDate: new Date(Date.now() + 12 * 60_000) });
    expect(inside.externalId).toMatch(new RegExp(`^${PAGE_ID}_`));
  });

  it("passes Meta's refusal of a change within 3 minutes of the time to the user", async () => {
    const { network } = setup();
    const post3 = fake.posts;
    const request = post();
    const { externalId } = await network.schedule({
      ...request,
      scheduledDate: new Date(Date.now() + 20 * 60_000),
    });
    if (!externalId) throw new Error("not scheduled natively");
    const stored = post3.get(externalId);
    if (stored) stored.scheduledPublishTime = Math.floor(Date.now() / 1000) + 60;
    await expect(network.cancel({ userId: "user-1", brandId: "brand-1", externalId })).rejects.toThrow(
      /within 3 minutes/,
    );
  });

  it("refuses a brand with no connected page without calling Meta", async () => {
    const { network } = setup();
    await expect(network.publish(post({ brandId: "unconnected" }))).rejects.toThrow(
      "Missing Facebook page ID or token",
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe("publishing to Instagram", () => {
  it("checks the quota, creates a container, polls it until FINISHED and publishes it", async () => {
    const { network, connection } = setup();
    const request = post({ platform: "instagram", imageUrl: "/api/media/ig/file?expires=1&signature=s" });
    const { externalId } = await network.publish(request);
    expect(withoutMark(fake.igMedia.get(externalId)?.caption ?? "")).toBe(request.content);
    const paths = fake.requests.map((r) => `${r.method} ${r.path}`);
    const containerId = [...fake.containers.values()].find(
      (c) => withoutMark(c.caption) === request.content,
    )?.id;
    expect(paths).toEqual([
      `GET /${IG_ID}/content_publishing_limit`,
      `POST /${IG_ID}/media`,
      `GET /${containerId}`,
      `GET /${containerId}`,
      `GET /${containerId}`,
      `POST /${IG_ID}/media_publish`,
    ]);
    expect(lastCall("POST", /\/media$/)?.params).toMatchObject({
      image_url: `${PUBLIC_URL}/api/media/ig/file?expires=1&signature=s`,
    });
    expect(withoutMark(lastCall("POST", /\/media$/)?.params.caption ?? "")).toBe(request.content);
    expect(lastCall("POST", /media_publish$/)).toMatchObject({
      params: { creation_id: containerId },
      token: connection().pageToken,
    });
  });

  it("stops with a clear message when the daily limit is reached", async () => {
    const { network } = setup();
    fake.instagramQuota.usage = fake.instagramQuota.total;
    try {
      await expect(
        network.publish(post({ platform: "instagram", imageUrl: "https://x/i.jpg" })),
      ).rejects.toThrow("Instagram's daily publishing limit of 50 posts is reached. Try again tomorrow.");
      expect(fake.requests.some((r) => r.path.endsWith("/media"))).toBe(false);
    } finally {
      fake.instagramQuota.usage = 0;
    }
  });

  it("fails plainly when the container ends in ERROR", async () => {
    const { network } = setup();
    const polls = fake.containerPolls;
    fake.containerPolls = 0;
    const request = post({ platform: "instagram", imageUrl: "https://x/i.jpg" });
    const original = fake.containers.set.bind(fake.containers);
    fake.containers.set = (key, value) => original(key, { ...value, finalStatus: "ERROR" });
    try {
      await expect(network.publish(request)).rejects.toThrow(/container ERROR/);
      expect(fake.creationsOf(request.content)).toBe(0);
    } finally {
      fake.containers.set = original;
      fake.containerPolls = polls;
    }
  });

  it("has no native scheduling: the post stays with the app's publish job", async () => {
    const { network } = setup();
    const scheduled = await network.schedule({
      ...post({ platform: "instagram" }),
      scheduledDate: new Date(Date.now() + 3600_000),
    });
    expect(scheduled).toEqual({ externalId: null, network: "meta" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("errors by Graph code", () => {
  it("retries 5xx and code 1/2, looking for the post before each retry", async () => {
    const { network } = setup();
    const request = post();
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      { status: 500, code: 1, message: "An unknown error occurred" },
    );
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      { status: 503, code: 2, message: "Service temporarily unavailable" },
    );
    await network.publish(request);
    expect(fake.creationsOf(request.content)).toBe(1);
    expect(fake.requests.filter((r) => r.method === "GET" && r.path.endsWith("/feed"))).toHaveLength(2);
  });

  it("gives up after 3 retries with the spec's text", async () => {
    const { network } = setup();
    for (let i = 0; i < 4; i++) {
      fake.failNext(
        { method: "POST", path: /\/feed$/ },
        { status: 500, code: 2, message: "Service temporarily unavailable" },
      );
    }
    await expect(network.publish(post())).rejects.toThrow(
      "Failed to post to Facebook: Service temporarily unavailable",
    );
  });

  it("does not post twice when Meta took the post but the answer came too late", async () => {
    const { network } = setup(300);
    const request = post();
    fake.delayNext({ method: "POST", path: /\/feed$/ }, 800);
    const { externalId } = await network.publish(request);
    expect(fake.creationsOf(request.content)).toBe(1);
    expect(withoutMark(fake.posts.get(externalId)?.message ?? "")).toBe(request.content);
  });

  it("says 'Unconfirmed: check your page' when no answer came and the page cannot be searched", async () => {
    const { network } = setup(300);
    const request = post();
    fake.delayNext({ method: "POST", path: /\/feed$/ }, 800);
    for (let i = 0; i < 4; i++)
      fake.failNext({ method: "GET", path: /\/feed$/ }, { status: 500, code: 2, message: "down" });
    await expect(network.publish(request)).rejects.toThrow(UNCONFIRMED_REASON);
    expect(fake.creationsOf(request.content)).toBe(1);
  });

  it("backs off on rate limits (4/17/32/613/80001), saying how long Meta asks to wait", async () => {
    for (const code of [4, 17, 32, 613, 80001]) {
      const { network } = setup();
      fake.failNext(
        { method: "POST", path: /\/feed$/ },
        {
          status: 400,
          code,
          message: "(#32) Page request limit reached",
          headers: {
            "x-business-use-case-usage": JSON.stringify({
              [PAGE_ID]: [{ estimated_time_to_regain_access: 12 }],
            }),
          },
        },
      );
      await expect(network.publish(post())).rejects.toThrow(
        "Facebook's rate limit was reached. Try again in 12 minutes.",
      );
    }
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(5);
  });

  it("190: marks the connection expired and asks to reconnect", async () => {
    const { network, expired } = setup();
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      { status: 400, code: 190, subcode: 460, message: "Error validating access token" },
    );
    const error = await network.publish(post()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(TOKEN_EXPIRED_REASON);
    expect(expired).toEqual(["brand-1"]);
  });

  it("10 and 200-299: a missing permission, asking to reconnect", async () => {
    for (const code of [10, 200, 299]) {
      const { network, expired } = setup();
      fake.failNext(
        { method: "POST", path: /\/photos$/ },
        { status: 403, code, message: "(#200) Permissions error" },
      );
      await expect(network.publish(post({ imageUrl: "https://x/i.jpg" }))).rejects.toThrow(PERMISSION_REASON);
      expect(expired).toEqual([]);
    }
  });

  it("100, 368 and 506: failed with Meta's own message, not retried", async () => {
    for (const [code, message] of [
      [100, "(#100) Invalid parameter"],
      [368, "(#368) The action attempted has been deemed abusive or is otherwise disallowed"],
      [506, "(#506) Duplicate status message"],
    ] as const) {
      const { network } = setup();
      fake.requests.length = 0;
      fake.failNext({ method: "POST", path: /\/feed$/ }, { status: 400, code, message });
      await expect(network.publish(post())).rejects.toThrow(message);
      expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    }
  });

  it("update and cancel failures use the spec's fallback texts", async () => {
    const { network } = setup();
    for (let i = 0; i < 4; i++) fake.failNext({ method: "DELETE" }, { status: 500, code: 2, message: "x" });
    await expect(network.cancel({ userId: "u", brandId: "b", externalId: `${PAGE_ID}_1` })).rejects.toThrow(
      "Failed to cancel Facebook post",
    );
    for (let i = 0; i < 4; i++) fake.failNext({ method: "POST" }, { status: 500, code: 2, message: "x" });
    await expect(network.update({ ...post(), externalId: `${PAGE_ID}_1` })).rejects.toThrow(
      "Failed to update Facebook post",
    );
  });
});

describe("finding a post whose answer was lost, by the attempt's marker", () => {
  const lookup = (request: SocialPostRequest, marker: string, since: Date | null) => ({
    userId: request.userId,
    brandId: request.brandId,
    postId: request.postId,
    marker,
    since,
  });

  it("finds the attempt's own post by its marker, invisible in the text, and says null when it is not there", async () => {
    const { network, stored } = setup();
    const request = post({ marker: "attempt-1" });
    stored.set(request.postId, { content: request.content, platform: "facebook" });
    expect(await network.findPublished(lookup(request, "attempt-1", new Date()))).toBeNull();
    const { externalId } = await network.publish(request);
    const sent = lastCall("POST", /\/feed$/)?.params.message ?? "";
    expect(sent).not.toBe(request.content);
    expect(withoutMark(sent)).toBe(request.content);
    expect(sent.endsWith(markOf("attempt-1"))).toBe(true);
    const found = await network.findPublished(lookup(request, "attempt-1", new Date(Date.now() - 60_000)));
    expect(found?.externalId).toBe(externalId);
    expect(found?.publishedAt).toBeInstanceOf(Date);
  });

  it("does not take another attempt's older post with the same text for this one", async () => {
    const { network, stored } = setup();
    const request = post({ marker: "earlier-attempt" });
    stored.set(request.postId, { content: request.content, platform: "facebook" });
    await network.publish(request);
    // The lost attempt began well after that post was made: not ours, safe to send.
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await network.findPublished(lookup(request, "lost-attempt", later))).toBeNull();
  });

  it("cannot tell when our text appeared since the attempt without our marker (Meta dropped it)", async () => {
    const { network, stored } = setup();
    const request = post({ marker: "attempt-2" });
    stored.set(request.postId, { content: request.content, platform: "facebook" });
    const { externalId } = await network.publish(request);
    const copy = fake.posts.get(externalId);
    if (!copy) throw new Error("fake post missing");
    copy.message = withoutMark(copy.message);
    await expect(
      network.findPublished(lookup(request, "attempt-2", new Date(Date.now() - 60_000))),
    ).rejects.toThrow(AMBIGUOUS_REASON);
  });

  it("leaves the mark off a caption Instagram would refuse as too long", () => {
    expect(markedCaption("short", "m")).toBe(`short${markOf("m")}`);
    const full = "x".repeat(2190);
    expect(markedCaption(full, "m")).toBe(full);
  });

  it("finds Instagram media by the marker in its caption", async () => {
    const { network, stored } = setup();
    const request = post({ platform: "instagram", imageUrl: "https://x/i.jpg", marker: "ig-attempt" });
    stored.set(request.postId, { content: request.content, platform: "instagram" });
    const { externalId } = await network.publish(request);
    expect((await network.findPublished(lookup(request, "ig-attempt", null)))?.externalId).toBe(externalId);
  });

  it("throws when the network cannot be asked, so an unknown outcome is never taken for 'not published'", async () => {
    const { network, stored } = setup();
    const request = post();
    stored.set(request.postId, { content: request.content, platform: "facebook" });
    for (let i = 0; i < 4; i++)
      fake.failNext({ method: "GET", path: /\/feed$/ }, { status: 500, code: 2, message: "down" });
    await expect(network.findPublished(lookup(request, "x", null))).rejects.toBeInstanceOf(AppError);
  });
});
