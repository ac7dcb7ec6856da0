import {
  createTestContext,
  jsonRequest,
  signUpVerifiedUser,
  type TestContext,
  userIdOf,
} from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeMetaGraphServer,
  startFakeMetaGraphServer,
} from "../../../../tests/fakes/meta-graph-server";

/** Every body the test saw, to prove no token ever reached the browser. */
const bodies: string[] = [];

/** GET without a body, except the disconnects (POST without one). */
async function call(ctx: TestContext, path: string, cookie: string, body?: unknown) {
  const method = body !== undefined || path.endsWith("/disconnect") ? "POST" : "GET";
  const response = await jsonRequest(ctx, path, { cookie, method, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** Opens the dialog (the sandbox's page in the app, or the fake Meta one) and follows "Allow". */
async function approveDialog(ctx: TestContext, url: string): Promise<{ code: string; state: string }> {
  const target = new URL(url);
  const html = target.pathname.startsWith("/connect/")
    ? await (await ctx.app.request(url)).text()
    : await (await fetch(url)).text();
  const allow = /id="allow" href="([^"]+)"/
    .exec(html)?.[1]
    ?.replaceAll("&amp;", "&")
    .replaceAll("&#38;", "&");
  if (!allow) throw new Error(`no allow link in ${html}`);
  const back = new URL(allow);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

async function signedInWithBrand(ctx: TestContext) {
  const { cookie } = await signUpVerifiedUser(ctx);
  const brand = await jsonRequest(ctx, "/api/brands", { body: { name: "Bean There" }, cookie });
  const { id: brandId } = (await brand.json()) as { id: string };
  return { cookie, brandId, userId: await userIdOf(ctx, cookie) };
}

describe("connections through the sandbox (no Meta app)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("connects a page through the consent page, then an ad account, and disconnect clears both", async () => {
    const { cookie } = await signedInWithBrand(ctx);
    expect((await call(ctx, "/api/connections", cookie)).json).toMatchObject({
      available: "sandbox",
      page: null,
    });
    const early = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "ads" });
    expect(early.status).toBe(409);
    expect(early.json.error.message).toBe("Please connect your Facebook page first");

    const start = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "page" });
    expect(start.json).toMatchObject({
      network: "sandbox",
      url: expect.stringContaining("/connect/sandbox/dialog"),
    });
    const { code, state } = await approveDialog(ctx, start.json.url);
    const exchange = await call(ctx, "/api/connections/facebook/exchange", cookie, { code, state });
    expect(exchange.status).toBe(200);
    expect(exchange.json.pages).toEqual([
      {
        id: "sandbox-page",
        name: "Sandbox page",
        category: "Sandbox",
        pictureUrl: null,
        canManagePosts: true,
      },
    ]);
    expect(exchange.json.message).toBe(
      "Facebook connected! Found 1 page(s). Please select a page to connect.",
    );
    const again = await call(ctx, "/api/connections/facebook/exchange", cookie, { code, state });
    expect(again.json.error.message).toBe(
      "This authorization has already been processed. Please try connecting again.",
    );

    const missing = await call(ctx, "/api/connections/facebook/page", cookie, { pageId: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe("Selected page not found");
    const page = await call(ctx, "/api/connections/facebook/page", cookie, { pageId: "sandbox-page" });
    expect(page.json).toMatchObject({
      message: "Successfully connected to Facebook page: Sandbox page",
      page: { id: "sandbox-page", name: "Sandbox page", network: "sandbox", status: "connected" },
    });

    const ads = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "ads" });
    // The consent page says what an ad account holds, not what a page does.
    const pageConsent = await (await ctx.app.request(start.json.url)).text();
    expect(pageConsent).toContain("Posts sent there are kept in the app, not published anywhere.");
    const adsConsent = await (await ctx.app.request(ads.json.url)).text();
    expect(adsConsent).toContain("Sandbox ad account (EUR)");
    expect(adsConsent).toContain("Campaigns and ad sets created there are kept in the app");
    expect(adsConsent).toContain("nothing is charged");
    expect(adsConsent).not.toContain("Posts sent there");
    const round = await approveDialog(ctx, ads.json.url);
    const adExchange = await call(ctx, "/api/connections/facebook/exchange", cookie, round);
    expect(adExchange.json.adAccounts[0]).toMatchObject({ id: "act_sandbox", statusText: "Active" });
    const selected = await call(ctx, "/api/connections/ad-account", cookie, { adAccountId: "act_sandbox" });
    expect(selected.json.adAccount).toMatchObject({ name: "Sandbox ad account", currency: "EUR" });

    const cleared = await call(ctx, "/api/connections/facebook/disconnect", cookie);
    expect(cleared.json).toMatchObject({ page: null, adAccount: null });
  });

  it("refuses a state that is another user's, or older than 10 minutes", async () => {
    const owner = await signedInWithBrand(ctx);
    const other = await signedInWithBrand(ctx);
    const start = await call(ctx, "/api/connections/facebook/start", owner.cookie, { flow: "page" });
    const round = await approveDialog(ctx, start.json.url);
    const stolen = await call(ctx, "/api/connections/facebook/exchange", other.cookie, round);
    expect(stolen.json.error.message).toBe("Facebook authentication failed");

    ctx.clock.set(new Date(Date.now() + 11 * 60_000));
    try {
      const late = await call(ctx, "/api/connections/facebook/exchange", owner.cookie, round);
      expect(late.json.error.message).toBe("The authorization has expired. Please try connecting again.");
    } finally {
      ctx.clock.set(null);
    }
  });

  it("keeps a sandbox-connected brand publishing to the sandbox", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand(ctx);
    const start = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "page" });
    await call(ctx, "/api/connections/facebook/exchange", cookie, await approveDialog(ctx, start.json.url));
    await call(ctx, "/api/connections/facebook/page", cookie, { pageId: "sandbox-page" });
    const { externalId } = await ctx.deps.social.publish({
      userId,
      brandId,
      postId: "00000000-0000-4000-8000-000000000001",
      platform: "facebook",
      content: "Hello sandbox",
      imageUrl: null,
    });
    expect(externalId).toMatch(/^sbx/);
  });
});

describe("connections through Meta (the fake Graph server)", () => {
  let ctx: TestContext;
  let fake: FakeMetaGraphServer;
  beforeAll(async () => {
    fake = await startFakeMetaGraphServer();
    ctx = await createTestContext({
      meta: { graphUrl: fake.url, appId: fake.appId, appSecret: fake.appSecret },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it("connects a page with its Instagram account and an ad account, publishes there, and never shows a token", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand(ctx);
    const start = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "page" });
    expect(start.json.network).toBe("meta");
    const dialog = new URL(start.json.url);
    expect(dialog.pathname).toBe("/v25.0/dialog/oauth");
    expect(dialog.searchParams.get("redirect_uri")).toMatch(/\/auth\/facebook\/callback$/);
    const exchange = await call(
      ctx,
      "/api/connections/facebook/exchange",
      cookie,
      await approveDialog(ctx, start.json.url),
    );
    expect(
      exchange.json.pages.map((p: { name: string; canManagePosts: boolean }) => [p.name, p.canManagePosts]),
    ).toEqual([
      ["Fake Coffee Page", true],
      ["Fake Bakery Page", false],
    ]);
    const page = await call(ctx, "/api/connections/facebook/page", cookie, { pageId: "10100000000" });
    expect(page.json.page).toMatchObject({
      name: "Fake Coffee Page",
      network: "meta",
      instagramAccountId: "17841400000000001",
    });

    const ads = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "ads" });
    expect(new URL(ads.json.url).searchParams.get("scope")).toContain("ads_management");
    const adExchange = await call(
      ctx,
      "/api/connections/facebook/exchange",
      cookie,
      await approveDialog(ctx, ads.json.url),
    );
    expect(adExchange.json.adAccounts.map((a: { statusText: string }) => a.statusText)).toEqual([
      "Active",
      "Disabled",
    ]);
    await call(ctx, "/api/connections/ad-account", cookie, { adAccountId: "act_555000111" });
    const view = await call(ctx, "/api/connections", cookie);
    expect(view.json.adAccount).toMatchObject({
      name: "Fake Coffee Ads",
      currency: "EUR",
      statusText: "Active",
    });

    const { externalId } = await ctx.deps.social.publish({
      userId,
      brandId,
      postId: "00000000-0000-4000-8000-000000000002",
      platform: "facebook",
      content: "Hello Meta",
      imageUrl: null,
    });
    // Our attempt marker rides invisibly after the text (meta-network markOf).
    expect(fake.posts.get(externalId)?.message.startsWith("Hello Meta")).toBe(true);
    expect(fake.creationsOf("Hello Meta")).toBe(1);

    const tokens = [...fake.pages.values()].map((p) => p.token);
    const userTokens = fake.requests.map((r) => r.token).filter((t): t is string => Boolean(t));
    for (const secret of [...tokens, ...userTokens, fake.appSecret]) {
      for (const body of bodies) expect(body).not.toContain(secret);
    }
  });

  it("marks the page connection expired on code 190, not the ad account, and tells the user to reconnect", async () => {
    const { cookie, userId, brandId } = await signedInWithBrand(ctx);
    const start = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "page" });
    await call(ctx, "/api/connections/facebook/exchange", cookie, await approveDialog(ctx, start.json.url));
    await call(ctx, "/api/connections/facebook/page", cookie, { pageId: "10100000000" });
    const ads = await call(ctx, "/api/connections/facebook/start", cookie, { flow: "ads" });
    await call(ctx, "/api/connections/facebook/exchange", cookie, await approveDialog(ctx, ads.json.url));
    await call(ctx, "/api/connections/ad-account", cookie, { adAccountId: "act_555000111" });
    fake.failNext(
      { method: "POST", path: /\/feed$/ },
      { status: 400, code: 190, subcode: 460, message: "expired" },
    );
    await expect(
      ctx.deps.social.publish({
        userId,
        brandId,
        postId: "00000000-0000-4000-8000-000000000003",
        platform: "facebook",
        content: "Will fail",
        imageUrl: null,
      }),
    ).rejects.toThrow("Your Facebook connection has expired. Please reconnect your page in Settings.");
    const view = (await call(ctx, "/api/connections", cookie)).json;
    expect(view.page.status).toBe("expired");
    // The ad account has a token of its own, which Meta did not refuse: campaigns go on.
    expect(view.adAccount.status).toBe("connected");
    const notifications = await call(ctx, "/api/notifications", cookie);
    expect(JSON.stringify(notifications.json)).toContain("Your Facebook connection has expired.");
  });
});
