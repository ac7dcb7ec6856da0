import { createTestContext, jsonRequest, signUpVerifiedUser, type TestContext } from "@smm/test-support/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND_HEADER } from "../lib/domain-context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function call(
  path: string,
  cookie: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await jsonRequest(ctx, path, { cookie, ...options });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** Follows "Allow" on the sandbox's consent page, as the popup would. */
async function approve(url: string) {
  const html = await (await ctx.app.request(url)).text();
  const allow = /id="allow" href="([^"]+)"/
    .exec(html)?.[1]
    ?.replaceAll("&amp;", "&")
    .replaceAll("&#38;", "&");
  if (!allow) throw new Error(`no allow link in ${html}`);
  const back = new URL(allow);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

async function userWithAdAccount(connect = true) {
  const { cookie } = await signUpVerifiedUser(ctx);
  const brand = await call("/api/brands", cookie, { method: "POST", body: { name: "Bean There" } });
  if (connect) {
    for (const flow of ["page", "ads"] as const) {
      const start = await call("/api/connections/facebook/start", cookie, { method: "POST", body: { flow } });
      const round = await approve(start.json.url);
      await call("/api/connections/facebook/exchange", cookie, { method: "POST", body: round });
      if (flow === "page")
        await call("/api/connections/facebook/page", cookie, {
          method: "POST",
          body: { pageId: "sandbox-page" },
        });
      else
        await call("/api/connections/ad-account", cookie, {
          method: "POST",
          body: { adAccountId: "act_sandbox" },
        });
    }
  }
  return { cookie, brandId: brand.json.id as string };
}

describe("/api/campaigns on the sandbox ad account", () => {
  it("says a connection is required before anything else", async () => {
    const { cookie } = await userWithAdAccount(false);
    const list = await call("/api/campaigns/list", cookie, { method: "POST", body: {} });
    expect(list.status).toBe(409);
    expect(list.json.error).toMatchObject({
      code: "conflict",
      reason: "ad_account_required",
      message: "Facebook connection required for campaigns",
    });
    for (const [path, method, body] of [
      ["/api/campaigns", "POST", { name: "Spring" }],
      ["/api/campaigns/ad-accounts", "GET", undefined],
    ] as const) {
      const refused = await call(path, cookie, { method, ...(body ? { body } : {}) });
      expect(refused.status, path).toBe(409);
      expect(refused.json.error.reason, path).toBe("ad_account_required");
    }
  });

  it("creates, pauses, resumes, adds an ad set, lists and deletes", async () => {
    const { cookie } = await userWithAdAccount();
    const accounts = await call("/api/campaigns/ad-accounts", cookie);
    expect(accounts.json).toMatchObject({ selectedId: "act_sandbox", accounts: [{ currency: "EUR" }] });

    const created = await call("/api/campaigns", cookie, { method: "POST", body: { name: "Autumn blend" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Autumn blend", status: "ACTIVE", dailyBudget: 1000 });
    const id = created.json.id as string;

    const paused = await call(`/api/campaigns/${id}`, cookie, {
      method: "PATCH",
      body: { status: "PAUSED" },
    });
    expect(paused.json).toMatchObject({ id, status: "PAUSED" });
    const resumed = await call(`/api/campaigns/${id}`, cookie, {
      method: "PATCH",
      body: { status: "ACTIVE" },
    });
    expect(resumed.json.status).toBe("ACTIVE");
    const empty = await call(`/api/campaigns/${id}`, cookie, { method: "PATCH", body: {} });
    expect(empty.status).toBe(400);

    const set = await call(`/api/campaigns/${id}/ad-sets`, cookie, {
      method: "POST",
      body: { name: "Locals", countries: ["GB"], budget: 1500 },
    });
    expect(set.status).toBe(201);
    expect(set.json).toMatchObject({
      name: "Locals",
      dailyBudget: 1500,
      targeting: { geo_locations: { countries: ["GB"] } },
    });

    const list = await call("/api/campaigns/list", cookie, { method: "POST", body: { range: "7d" } });
    expect(list.json).toMatchObject({
      source: "network",
      range: "7d",
      account: { name: "Sandbox ad account", currency: "EUR" },
      campaigns: [{ id, adSets: [{ name: "Locals" }] }],
    });

    const deleted = await call(`/api/campaigns/${id}`, cookie, { method: "DELETE" });
    expect(deleted.json).toEqual({ deleted: true, campaignId: id, name: "Autumn blend" });
    expect((await call("/api/campaigns/list", cookie, { method: "POST", body: {} })).json.campaigns).toEqual(
      [],
    );
  });

  it("answers 404 for another user's campaign and brand", async () => {
    const owner = await userWithAdAccount();
    const other = await userWithAdAccount();
    const created = await call("/api/campaigns", owner.cookie, { method: "POST", body: { name: "Mine" } });
    const id = created.json.id as string;
    const pause = await call(`/api/campaigns/${id}`, other.cookie, {
      method: "PATCH",
      body: { status: "PAUSED" },
    });
    expect(pause.status).toBe(404);
    expect(pause.json.error.message).toBe("Campaign not found");
    expect((await call(`/api/campaigns/${id}`, other.cookie, { method: "DELETE" })).status).toBe(404);
    const foreign = await call("/api/campaigns/list", other.cookie, {
      method: "POST",
      body: {},
      headers: { [BRAND_HEADER]: owner.brandId },
    });
    expect(foreign.status).toBe(404);
  });
});
