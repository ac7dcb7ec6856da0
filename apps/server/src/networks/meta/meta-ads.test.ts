import { createBrand } from "@smm/domain/brands";
import {
  createAdSet,
  createCampaign,
  deleteCampaign,
  listAdAccounts,
  listCampaigns,
  updateCampaign,
} from "@smm/domain/campaigns";
import { AD_ACCOUNT_CONNECTION_EXPIRED, selectAdAccount, toConnectionsView } from "@smm/domain/connections";
import type { BrandContext, UserContext } from "@smm/domain/context";
import { campaigns, notifications, socialConnections } from "@smm/domain/db/schema";
import type { DomainTestContext } from "@smm/test-support/domain";
import { type MetaTestWorld, startMetaTestWorld, TEST_TOKEN_KEY } from "@smm/test-support/meta-social";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeMetaGraphServer } from "../../../../../tests/fakes/meta-graph-server";
import { createTokenVault } from "../../adapters/token-vault";

/*
 * The Marketing API adapter through the app's wiring (networks/setup.ts: the registry and the channel router) and the campaigns use
 * cases, against the fake Graph server over HTTP (contract section 5): each call's request, minor units
 * both ways, Meta's errors in the product's words, the stored list when listing fails, and no second
 * campaign after a create whose answer was lost.
 */

const KEY = TEST_TOKEN_KEY;
const ACCOUNT = "555000111";
let world: MetaTestWorld;
let fake: FakeMetaGraphServer;
let t: DomainTestContext;

beforeAll(async () => {
  world = await startMetaTestWorld("meta-ads", {
    graphTiming: { timeoutMs: 400, retryDelayMs: 1 },
    wired: false,
  });
  ({ fake, t } = world);
  // selectAdAccount answers with the connections view, which names the connector in use.
  (t.deps as UserContext).connectors = (await world.wire()).connectors;
});
afterAll(async () => {
  await world?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

/** A brand whose page and ad account were connected through Meta (what selectAdAccount stores). */
async function metaBrand(): Promise<BrandContext> {
  const userId = await t.createUser();
  const brand = await createBrand(t.as(userId), { name: "Ads on Meta" });
  const page = [...fake.pages.values()][0];
  if (!page) throw new Error("fake has no page");
  const vault = createTokenVault(Buffer.from(KEY, "hex"));
  await t.database.db.insert(socialConnections).values([
    {
      userId,
      brandId: brand.id,
      provider: "facebook",
      externalAccountId: page.id,
      name: page.name,
      encryptedToken: vault.seal(page.token),
      network: "meta",
    },
    {
      userId,
      brandId: brand.id,
      provider: "facebook_ads",
      externalAccountId: ACCOUNT,
      name: "Fake Coffee Ads",
      encryptedToken: vault.seal(fake.issueUserToken()),
      network: "meta",
      metadata: { graphId: `act_${ACCOUNT}`, currency: "EUR", accountStatus: 1 },
    },
  ]);
  return { ...t.as(userId), brandId: brand.id };
}

const requestsTo = (method: string, path: string) =>
  fake.requests.filter((request) => request.method === method && request.path === path);

describe("the Marketing API adapter", () => {
  it("lists ad accounts with the contract's fields, money in minor units", async () => {
    const ctx = await metaBrand();
    const view = await listAdAccounts(ctx);
    // 100 a page (Graph's own default is 25), the next pages by cursor while Graph says more follow.
    expect(requestsTo("GET", "/me/adaccounts")[0]?.params).toEqual({
      fields:
        "id,account_id,name,currency,account_status,balance,amount_spent,business{id,name},timezone_name",
      limit: "100",
    });
    expect(view.selectedId).toBe(`act_${ACCOUNT}`);
    expect(view.accounts[0]).toEqual({
      id: `act_${ACCOUNT}`,
      accountId: ACCOUNT,
      name: "Fake Coffee Ads",
      currency: "EUR",
      accountStatus: 1,
      statusText: "Active",
      balance: 1250,
      amountSpent: 74385,
      businessName: "Fake Coffee Ltd",
      network: "meta",
    });
    expect(view.accounts[1]).toMatchObject({ accountStatus: 2, statusText: "Disabled", businessName: null });
  });

  it("creates a campaign and an ad set with the contract's parameters, pauses, resumes and deletes", async () => {
    const ctx = await metaBrand();
    const name = `Meta launch ${Math.random()}`;
    const campaign = await createCampaign(ctx, { name, objective: "OUTCOME_LEADS", budget: 2500 });
    const [create] = requestsTo("POST", `/act_${ACCOUNT}/campaigns`);
    expect(create?.params).toEqual({
      name,
      objective: "OUTCOME_LEADS",
      status: "ACTIVE",
      special_ad_categories: "[]",
      daily_budget: "2500",
      bid_strategy: "LOWEST_COST_WITHOUT_CAP",
    });
    expect(campaign).toMatchObject({ name, status: "ACTIVE", dailyBudget: 2500, unconfirmed: false });
    expect(fake.marketing.campaigns.get(campaign.facebookCampaignId ?? "")).toMatchObject({
      name,
      daily_budget: "2500",
    });

    const set = await createAdSet(ctx, {
      campaignId: campaign.id,
      name: "Women FR",
      genders: [2],
      countries: ["FR"],
    });
    const [adSetCall] = requestsTo("POST", `/act_${ACCOUNT}/adsets`);
    // The campaign holds the budget, so the ad set's is not sent (Meta refuses both levels).
    expect(adSetCall?.params).toEqual({
      name: "Women FR",
      campaign_id: campaign.facebookCampaignId,
      status: "ACTIVE",
      billing_event: "CLICKS",
      optimization_goal: "LINK_CLICKS",
      bid_strategy: "LOWEST_COST_WITHOUT_CAP",
      targeting: JSON.stringify({
        age_min: 18,
        age_max: 65,
        genders: [2],
        geo_locations: { countries: ["FR"] },
      }),
    });
    expect(set.facebookAdSetId).toBe([...fake.marketing.adSets.keys()].at(-1));

    await updateCampaign(ctx, { campaignId: campaign.id, status: "PAUSED" });
    expect(requestsTo("POST", `/${campaign.facebookCampaignId}`)[0]?.params).toEqual({ status: "PAUSED" });
    expect(fake.marketing.campaigns.get(campaign.facebookCampaignId ?? "")?.status).toBe("PAUSED");
    await updateCampaign(ctx, { campaignId: campaign.id, status: "ACTIVE", budget: 4000 });
    expect(requestsTo("POST", `/${campaign.facebookCampaignId}`)[1]?.params).toEqual({
      status: "ACTIVE",
      daily_budget: "4000",
    });
    await deleteCampaign(ctx, { campaignId: campaign.id });
    expect(fake.marketing.campaigns.get(campaign.facebookCampaignId ?? "")?.status).toBe("DELETED");
  });

  it("lists campaigns and ad sets with insights for the range, spend turned into minor units, and mirrors them", async () => {
    const ctx = await metaBrand();
    const campaign = await createCampaign(ctx, { name: `Listed ${Math.random()}` });
    await createAdSet(ctx, { campaignId: campaign.id, name: "Everyone" });
    // A campaign made in Ads Manager appears too.
    fake.marketing.campaigns.set("238999", {
      id: "238999",
      accountId: ACCOUNT,
      name: "Made elsewhere",
      objective: "OUTCOME_AWARENESS",
      status: "PAUSED",
      lifetime_budget: "90000",
      special_ad_categories: [],
      created_time: "2026-01-01T00:00:00+0000",
      sent: {},
    });
    fake.requests.length = 0;
    const list = await listCampaigns(ctx, { range: "7d" });
    const [read] = requestsTo("GET", `/act_${ACCOUNT}/campaigns`);
    expect(read?.params.fields).toBe(
      "id,name,objective,status,daily_budget,lifetime_budget,start_time,stop_time,created_time,special_ad_categories,insights.date_preset(last_7d){spend,impressions,clicks,ctr,reach}",
    );
    expect(requestsTo("GET", `/act_${ACCOUNT}/adsets`)[0]?.params.fields).toContain(
      "insights.date_preset(last_7d)",
    );
    expect(list).toMatchObject({
      source: "network",
      account: { name: "Fake Coffee Ads", currency: "EUR", balance: 1250 },
    });
    const mine = list.campaigns.find((c) => c.id === campaign.id);
    // Spend in minor units: an ad set's as the network counts it, its campaign's the sum of its ad sets',
    // so the rows under a campaign always add up to it (issue 28: €0.00 under €0.01).
    const [adSet] = mine?.adSets ?? [];
    expect(Number.isInteger(adSet?.insights.spend)).toBe(true);
    expect(adSet?.insights.spend).toBeGreaterThan(0);
    expect(mine?.insights.spend).toBe((mine?.adSets ?? []).reduce((sum, row) => sum + row.insights.spend, 0));
    expect(mine?.insights.impressions).toBeGreaterThan(0);
    expect(mine?.adSets).toMatchObject([{ name: "Everyone", optimizationGoal: "LINK_CLICKS" }]);
    expect(list.campaigns.find((c) => c.facebookCampaignId === "238999")).toMatchObject({
      name: "Made elsewhere",
      status: "PAUSED",
      lifetimeBudget: 90000,
      insights: { spend: 0, impressions: 0 },
    });
    const month = await listCampaigns(ctx, { range: "30d" });
    expect(month.campaigns.find((c) => c.id === campaign.id)?.insights.impressions).toBeGreaterThan(
      mine?.insights.impressions ?? 0,
    );
    fake.marketing.campaigns.delete("238999");
  });
});

describe("switching ad accounts (the campaigns page's selector)", () => {
  it("moves the brand to another account its token reaches, and campaigns follow it", async () => {
    const ctx = await metaBrand();
    expect((await listAdAccounts(ctx)).accounts).toHaveLength(2);
    const view = await selectAdAccount(ctx, { adAccountId: "act_555000222" });
    expect(view.adAccount).toMatchObject({
      id: "act_555000222",
      accountId: "555000222",
      name: "Old Ads",
      currency: "USD",
    });
    expect((await listAdAccounts(ctx)).selectedId).toBe("act_555000222");
    fake.requests.length = 0;
    const list = await listCampaigns(ctx);
    expect(list.account).toMatchObject({ accountId: "555000222", currency: "USD" });
    expect(requestsTo("GET", "/act_555000222/campaigns")).toHaveLength(1);
    await expect(selectAdAccount(ctx, { adAccountId: "act_999" })).rejects.toMatchObject({
      code: "not_found",
      message: "Selected ad account not found",
    });
  });
});

describe("Meta's errors and lost answers", () => {
  it("shows the stored list with Meta's reason when listing fails", async () => {
    const ctx = await metaBrand();
    await createCampaign(ctx, { name: `Stored ${Math.random()}` });
    fake.failNext(
      { method: "GET", path: new RegExp(`^/act_${ACCOUNT}/campaigns$`) },
      { status: 400, code: 100, message: "(#100) Unsupported get request" },
    );
    const list = await listCampaigns(ctx);
    expect(list).toMatchObject({ source: "database", notice: "(#100) Unsupported get request" });
    expect(list.campaigns).toHaveLength(1);
  });

  it("marks only the ad account expired when Meta refuses its token (190), tells the user once, and stops asking", async () => {
    const ctx = await metaBrand();
    fake.failNext(
      { method: "POST", path: new RegExp(`^/act_${ACCOUNT}/campaigns$`) },
      { status: 400, code: 190, message: "Error validating access token: Session has expired" },
    );
    await expect(createCampaign(ctx, { name: `Expired ${Math.random()}` })).rejects.toMatchObject({
      code: "upstream_failed",
      message: AD_ACCOUNT_CONNECTION_EXPIRED,
    });
    const view = await toConnectionsView(ctx);
    expect(view.adAccount?.status).toBe("expired");
    // The page has a token of its own, which Meta did not refuse.
    expect(view.page?.status).toBe("connected");
    const told = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, ctx.userId))).map(
        (row) => row.message,
      );
    expect(await told()).toEqual([AD_ACCOUNT_CONNECTION_EXPIRED]);

    fake.requests.length = 0;
    const list = await listCampaigns(ctx);
    expect(list).toMatchObject({ source: "database", notice: AD_ACCOUNT_CONNECTION_EXPIRED });
    await expect(createCampaign(ctx, { name: `Again ${Math.random()}` })).rejects.toMatchObject({
      message: AD_ACCOUNT_CONNECTION_EXPIRED,
    });
    expect(fake.requests.filter((request) => request.path.startsWith(`/act_${ACCOUNT}`))).toEqual([]);
    expect(await told()).toHaveLength(1);
  });

  it("says 'Failed to create campaign' when Meta fails without words, and keeps no row", async () => {
    const ctx = await metaBrand();
    fake.failNext(
      { method: "POST", path: new RegExp(`^/act_${ACCOUNT}/campaigns$`) },
      { status: 500, code: 2, message: "An unexpected error has occurred." },
    );
    await expect(createCampaign(ctx, { name: `Broken ${Math.random()}` })).rejects.toMatchObject({
      code: "upstream_failed",
      message: "Failed to create campaign",
    });
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.brandId, ctx.brandId))).toEqual(
      [],
    );
  });

  it("passes Meta's refusal on in its words (a budget too low)", async () => {
    const ctx = await metaBrand();
    fake.failNext(
      { method: "POST", path: new RegExp(`^/act_${ACCOUNT}/campaigns$`) },
      { status: 400, code: 100, message: "Budget Is Too Low" },
    );
    await expect(createCampaign(ctx, { name: `Cheap ${Math.random()}`, budget: 50 })).rejects.toMatchObject({
      message: "Budget Is Too Low",
    });
  });

  it("adopts the campaign Meta made when its answer came too late: one campaign, confirmed", async () => {
    const ctx = await metaBrand();
    const name = `Slow ${Math.random()}`;
    fake.delayNext({ method: "POST", path: new RegExp(`^/act_${ACCOUNT}/campaigns$`) }, 900);
    const campaign = await createCampaign(ctx, { name });
    expect(campaign).toMatchObject({ name, unconfirmed: false });
    expect(fake.marketing.campaignsNamed(name)).toBe(1);
    const lookup = requestsTo("GET", `/act_${ACCOUNT}/campaigns`)[0];
    expect(JSON.parse(lookup?.params.filtering ?? "[]")).toEqual([
      { field: "name", operator: "EQUAL", value: name },
    ]);
    expect(campaign.facebookCampaignId).toBe(
      [...fake.marketing.campaigns.values()].find((c) => c.name === name)?.id,
    );
  });
});
