import { createDomainTestContext, type DomainTestContext } from "@smm/test-support/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrand } from "../brands/create-brand";
import { resolveBrand } from "../brands/resolve-brand";
import type { BrandContext } from "../context";
import { campaigns, sandboxAdObjects, socialConnections } from "../db/schema";
import { AppError } from "../errors";
import type { SocialNetwork } from "../ports";
import type { AdsNetwork } from "./ads-network";
import { createAdSet } from "./create-ad-set";
import { createCampaign } from "./create-campaign";
import { deleteCampaign } from "./delete-campaign";
import { listAdAccounts } from "./list-ad-accounts";
import { listCampaigns } from "./list-campaigns";
import { START_IN_PAST } from "./schemas";
import { updateCampaign } from "./update-campaign";

const NOW = new Date("2026-11-23T09:00:00.000Z");
const HOUR = 3_600_000;

let t: DomainTestContext;
beforeAll(async () => {
  t = await createDomainTestContext();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.clock.set(NOW);
});

async function owner(connected = true): Promise<BrandContext> {
  const userId = await t.createUser();
  await createBrand(t.as(userId), { name: "Bean There" });
  const ctx = await resolveBrand(t.as(userId));
  if (connected) {
    // What connectFacebookPage and selectAdAccount store for the sandbox (the connection tests cover those).
    for (const [provider, externalAccountId, name] of [
      ["facebook", "sandbox-page", "Sandbox page"],
      ["facebook_ads", "sandbox", "Sandbox ad account"],
    ] as const) {
      await t.database.db.insert(socialConnections).values({
        userId,
        brandId: ctx.brandId,
        provider,
        externalAccountId,
        name,
        encryptedToken: "sealed",
        network: "sandbox",
        metadata:
          provider === "facebook_ads" ? { graphId: "act_sandbox", currency: "EUR", accountStatus: 1 } : {},
      });
    }
  }
  return ctx;
}

/** The brand's context with some of the network's ad calls replaced. */
function withAds(ctx: BrandContext, replace: Partial<AdsNetwork>): BrandContext {
  return { ...ctx, social: { ...ctx.social, ...replace } as SocialNetwork };
}
const sandboxAds = (ctx: BrandContext) => ctx.social as unknown as AdsNetwork;

async function networkObjects(ctx: BrandContext, kind: "campaign" | "adset") {
  return t.database.db
    .select()
    .from(sandboxAdObjects)
    .where(and(eq(sandboxAdObjects.brandId, ctx.brandId), eq(sandboxAdObjects.kind, kind)));
}

describe("campaigns on the sandbox ad account", () => {
  it("asks for a page and an ad account first", async () => {
    const ctx = await owner(false);
    await expect(listCampaigns(ctx)).rejects.toMatchObject({
      code: "conflict",
      reason: "ad_account_required",
      message: "Facebook connection required for campaigns",
    });
    await expect(createCampaign(ctx, { name: "Spring" })).rejects.toMatchObject({
      code: "conflict",
      reason: "ad_account_required",
    });
  });

  it("lists the ad account with its currency", async () => {
    const ctx = await owner();
    expect(await listAdAccounts(ctx)).toEqual({
      accounts: [
        expect.objectContaining({
          id: "act_sandbox",
          accountId: "sandbox",
          currency: "EUR",
          statusText: "Active",
        }),
      ],
      selectedId: "act_sandbox",
    });
  });

  it("creates an ACTIVE campaign with the defaults, mirrored locally, whose numbers grow only while ACTIVE", async () => {
    const ctx = await owner();
    const created = await createCampaign(ctx, { name: "Autumn blend" });
    expect(created).toMatchObject({
      name: "Autumn blend",
      objective: "OUTCOME_TRAFFIC",
      status: "ACTIVE",
      dailyBudget: 1000,
      lifetimeBudget: null,
      unconfirmed: false,
      facebookCampaignId: expect.stringMatching(/^sbxad_/),
    });
    const [object] = await networkObjects(ctx, "campaign");
    expect(object).toMatchObject({
      id: created.facebookCampaignId,
      status: "ACTIVE",
      fields: expect.objectContaining({ daily_budget: 1000 }),
    });

    t.clock.set(new Date(NOW.getTime() + 5 * HOUR));
    const running = await listCampaigns(ctx);
    expect(running).toMatchObject({
      source: "network",
      notice: null,
      account: { name: "Sandbox ad account", currency: "EUR" },
    });
    const first = running.campaigns[0];
    expect(first?.insights.impressions).toBeGreaterThan(0);
    expect(first?.insights.spend).toBeGreaterThan(0);
    // Spend never runs ahead of the daily budget's pace (10.00 a day: 5 hours at most ~2.09, in cents).
    expect(first?.insights.spend).toBeLessThanOrEqual(Math.ceil((1000 * 5) / 24));
    expect(running.summary.impressions).toBe(first?.insights.impressions);

    await updateCampaign(ctx, { campaignId: created.id, status: "PAUSED" });
    t.clock.set(new Date(NOW.getTime() + 9 * HOUR));
    const paused = await listCampaigns(ctx);
    expect(paused.campaigns[0]).toMatchObject({ status: "PAUSED", insights: first?.insights });

    await updateCampaign(ctx, { campaignId: created.id, status: "ACTIVE" });
    t.clock.set(new Date(NOW.getTime() + 12 * HOUR));
    const resumed = await listCampaigns(ctx);
    expect(resumed.campaigns[0]?.insights.impressions).toBeGreaterThan(first?.insights.impressions ?? 0);
    // The date range changes what the insights cover: today's window is shorter than 30 days' here.
    const today = await listCampaigns(ctx, { range: "today" });
    expect(today.range).toBe("today");
    expect(today.campaigns[0]?.insights.impressions).toBeLessThanOrEqual(
      resumed.campaigns[0]?.insights.impressions ?? 0,
    );
  });

  it("renames, changes the budget of its own type and the end time", async () => {
    const ctx = await owner();
    const created = await createCampaign(ctx, {
      name: "Launch",
      budgetType: "lifetime",
      budget: 50_000,
      endTime: "2026-12-31T00:00:00.000Z",
      objective: "OUTCOME_SALES",
    });
    const updated = await updateCampaign(ctx, {
      campaignId: created.facebookCampaignId ?? "",
      name: "Launch 2",
      budget: 70_000,
    });
    expect(updated).toMatchObject({
      name: "Launch 2",
      lifetimeBudget: 70_000,
      dailyBudget: null,
      objective: "OUTCOME_SALES",
    });
    const [object] = await networkObjects(ctx, "campaign");
    expect(object).toMatchObject({
      name: "Launch 2",
      fields: expect.objectContaining({ lifetime_budget: 70_000 }),
    });
    await expect(
      createCampaign(ctx, { name: "x", endTime: "2026-12-31T00:00:00.000Z" }),
    ).rejects.toMatchObject({
      code: "invalid_input",
    });
    await expect(createCampaign(ctx, { name: "  " })).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("creates an ad set with the wizard's defaults under its campaign", async () => {
    const ctx = await owner();
    const campaign = await createCampaign(ctx, { name: "With sets" });
    const set = await createAdSet(ctx, { campaignId: campaign.id });
    expect(set).toMatchObject({
      name: "",
      status: "ACTIVE",
      optimizationGoal: "LINK_CLICKS",
      billingEvent: "CLICKS",
      dailyBudget: 1000,
      targeting: { age_min: 18, age_max: 65, geo_locations: { countries: ["US"] } },
    });
    expect(set.targeting.genders).toBeUndefined();
    const women = await createAdSet(ctx, {
      campaignId: campaign.id,
      name: "Women FR",
      genders: [2],
      countries: ["FR", "DE"],
    });
    expect(women.targeting).toMatchObject({ genders: [2], geo_locations: { countries: ["FR", "DE"] } });
    expect(await networkObjects(ctx, "adset")).toHaveLength(2);
    const listed = await listCampaigns(ctx);
    expect(listed.campaigns[0]?.adSets.map((s) => s.id)).toEqual([set.id, women.id]);
  });

  it("refuses a start in the past by the clock, with the reason start_in_past, and sends nothing", async () => {
    const ctx = await owner();
    const refusal = {
      code: "invalid_input",
      reason: "start_in_past",
      message: START_IN_PAST,
      issues: [{ path: "startTime", message: START_IN_PAST }],
    };
    // Eleven months before the clock's now, as a newcomer typed it.
    await expect(
      createCampaign(ctx, { name: "Last winter", startTime: "2025-12-23T00:00:00.000Z" }),
    ).rejects.toMatchObject(refusal);
    await expect(
      createCampaign(ctx, {
        name: "Yesterday",
        startTime: new Date(NOW.getTime() - 24 * HOUR).toISOString(),
      }),
    ).rejects.toMatchObject(refusal);
    expect(await networkObjects(ctx, "campaign")).toEqual([]);
    expect(await listCampaigns(ctx)).toMatchObject({ campaigns: [] });

    const tomorrow = new Date(NOW.getTime() + 24 * HOUR).toISOString();
    const campaign = await createCampaign(ctx, { name: "Tomorrow", startTime: tomorrow });
    expect(campaign.startTime).toBe(tomorrow);
    // "Now" as a script's clock said it a moment ago is now.
    await createCampaign(ctx, {
      name: "Right away",
      startTime: new Date(NOW.getTime() - 1000).toISOString(),
    });

    await expect(
      createAdSet(ctx, { campaignId: campaign.id, startTime: "2025-12-23T00:00:00.000Z" }),
    ).rejects.toMatchObject(refusal);
    expect(await networkObjects(ctx, "adset")).toEqual([]);
    const set = await createAdSet(ctx, { campaignId: campaign.id, startTime: tomorrow });
    expect(set.startTime).toBe(tomorrow);

    // The clock decides: the same start is refused once its day has passed.
    t.clock.set(new Date(NOW.getTime() + 48 * HOUR));
    await expect(createCampaign(ctx, { name: "Later", startTime: tomorrow })).rejects.toMatchObject(refusal);
  });

  it("deletes (DELETED on the network, gone from the list) and filters by status and search", async () => {
    const ctx = await owner();
    const a = await createCampaign(ctx, { name: "Alpha coffee" });
    await createCampaign(ctx, { name: "Beta tea", status: "PAUSED" });
    expect((await listCampaigns(ctx, { status: "paused" })).campaigns.map((c) => c.name)).toEqual([
      "Beta tea",
    ]);
    expect((await listCampaigns(ctx, { search: "COFFEE" })).campaigns.map((c) => c.name)).toEqual([
      "Alpha coffee",
    ]);
    expect((await listCampaigns(ctx, { status: "pending" })).campaigns).toEqual([]);
    expect(await deleteCampaign(ctx, { campaignId: a.id })).toEqual({
      deleted: true,
      campaignId: a.id,
      name: "Alpha coffee",
    });
    expect((await listCampaigns(ctx)).campaigns.map((c) => c.name)).toEqual(["Beta tea"]);
    expect((await networkObjects(ctx, "campaign")).find((o) => o.name === "Alpha coffee")?.status).toBe(
      "DELETED",
    );
    await expect(updateCampaign(ctx, { campaignId: a.id, status: "ACTIVE" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("gives a campaign the spend of its ad sets as they show it, added up in minor units", async () => {
    const ctx = await owner();
    const created = NOW;
    const insights = (spend: number, impressions: number, clicks: number) => ({
      spend,
      impressions,
      clicks,
      ctr: 0,
    });
    const campaign = (id: string, spend: number) => ({
      id,
      name: id,
      objective: "OUTCOME_TRAFFIC",
      status: "ACTIVE" as const,
      dailyBudget: 1000,
      lifetimeBudget: null,
      startTime: null,
      endTime: null,
      createdTime: created,
      specialAdCategories: [],
      insights: insights(spend, 0, 0),
    });
    const adSet = (id: string, campaignId: string, spend: number, impressions: number, clicks: number) => ({
      id,
      campaignId,
      name: id,
      status: "ACTIVE" as const,
      optimizationGoal: "LINK_CLICKS",
      billingEvent: "CLICKS",
      dailyBudget: 1000,
      lifetimeBudget: null,
      targeting: { age_min: 18, age_max: 65, geo_locations: { countries: ["US"] } },
      startTime: null,
      endTime: null,
      createdTime: created,
      insights: insights(spend, impressions, clicks),
    });
    const network = withAds(ctx, {
      listCampaigns: async () => ({
        // The network's own campaign figures, rounded apart from its ad sets': 0.006 shows as 0.01.
        campaigns: [campaign("net-small", 0.006), campaign("net-sum", 5), campaign("net-alone", 1.234)],
        adSets: [
          adSet("set-a", "net-small", 0.003, 40, 1),
          adSet("set-b", "net-small", 0.003, 60, 1),
          adSet("set-c", "net-sum", 1.005, 100, 3),
          adSet("set-d", "net-sum", 2.5, 300, 1),
        ],
      }),
    });
    const listed = await listCampaigns(network);
    const byName = new Map(listed.campaigns.map((c) => [c.name, c]));
    for (const name of ["net-small", "net-sum"]) {
      const shown = byName.get(name);
      const setSpend = shown?.adSets.reduce((sum, set) => sum + set.insights.spend, 0);
      expect(shown?.insights.spend, name).toBe(setSpend);
      expect(Number.isInteger(shown?.insights.spend), name).toBe(true);
    }
    expect(byName.get("net-small")?.insights).toEqual({ spend: 0, impressions: 100, clicks: 2, ctr: 2 });
    expect(byName.get("net-sum")?.insights).toMatchObject({
      spend: 351,
      impressions: 400,
      clicks: 4,
      ctr: 1,
    });
    // Without ad sets the campaign keeps the network's figure.
    expect(byName.get("net-alone")?.insights.spend).toBe(123);
    expect(listed.summary.spend).toBe(0 + 351 + 123);
  });

  it("answers 404 for another user's campaign", async () => {
    const mine = await owner();
    const theirs = await owner();
    const campaign = await createCampaign(theirs, { name: "Not yours" });
    const message = "Campaign not found";
    await expect(updateCampaign(mine, { campaignId: campaign.id, status: "PAUSED" })).rejects.toMatchObject({
      code: "not_found",
      message,
    });
    await expect(
      updateCampaign(mine, { campaignId: campaign.facebookCampaignId ?? "", status: "PAUSED" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteCampaign(mine, { campaignId: campaign.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(createAdSet(mine, { campaignId: campaign.id })).rejects.toMatchObject({ code: "not_found" });
    // A context naming another user's brand reaches nothing.
    await expect(listCampaigns({ ...mine, brandId: theirs.brandId })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await listCampaigns(theirs)).campaigns[0]).toMatchObject({ status: "ACTIVE" });
  });

  it("shows the mirrored list when the network cannot be read", async () => {
    const ctx = await owner();
    await createCampaign(ctx, { name: "Kept locally" });
    const failing = withAds(ctx, {
      listCampaigns: async () => {
        throw new AppError("upstream_failed", "Facebook did not answer in time");
      },
    });
    expect(await listCampaigns(failing)).toMatchObject({
      source: "database",
      notice: "Facebook did not answer in time",
      campaigns: [expect.objectContaining({ name: "Kept locally" })],
    });
  });
});

describe("exactly-once creates", () => {
  it("adopts the campaign a lost answer made instead of failing or making another", async () => {
    const ctx = await owner();
    const lost = withAds(ctx, {
      createCampaign: async (ref) => {
        await sandboxAds(ctx).createCampaign(ref);
        throw new AppError("upstream_failed", "Facebook did not answer in time");
      },
    });
    const created = await createCampaign(lost, { name: "Timed out" });
    expect(created).toMatchObject({ name: "Timed out", unconfirmed: false });
    expect(await networkObjects(ctx, "campaign")).toHaveLength(1);
    expect(created.facebookCampaignId).toBe((await networkObjects(ctx, "campaign"))[0]?.id);
  });

  it("keeps an unknown outcome recorded, and the next attempt settles it without a second campaign", async () => {
    const ctx = await owner();
    const unknown = withAds(ctx, {
      createCampaign: async (ref) => {
        await sandboxAds(ctx).createCampaign(ref);
        throw new AppError("upstream_failed", "Facebook did not answer in time");
      },
      findCampaign: async () => {
        throw new AppError("upstream_failed", "Could not reach Facebook");
      },
    });
    await expect(createCampaign(unknown, { name: "Retry me" })).rejects.toMatchObject({
      message: "Facebook did not answer in time",
    });
    const rows = await t.database.db.select().from(campaigns).where(eq(campaigns.brandId, ctx.brandId));
    expect(rows).toMatchObject([{ name: "Retry me", facebookCampaignId: null, writeStartedAt: NOW }]);
    expect(
      (await listCampaigns(withAds(ctx, { listCampaigns: async () => ({ campaigns: [], adSets: [] }) })))
        .campaigns,
    ).toMatchObject([{ name: "Retry me", unconfirmed: true }]);

    t.clock.set(new Date(NOW.getTime() + 60_000));
    const settled = await createCampaign(ctx, { name: "Retry me" });
    expect(settled).toMatchObject({ id: rows[0]?.id, unconfirmed: false });
    expect(await networkObjects(ctx, "campaign")).toHaveLength(1);
  });

  it("drops the record when the network refused, so a retry sends it again", async () => {
    const ctx = await owner();
    const refused = withAds(ctx, {
      createCampaign: async () => {
        throw new AppError("upstream_failed", "(#100) Budget Is Too Low");
      },
    });
    await expect(createCampaign(refused, { name: "Too cheap", budget: 1 })).rejects.toMatchObject({
      message: "(#100) Budget Is Too Low",
    });
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.brandId, ctx.brandId))).toEqual(
      [],
    );
  });

  it("adopts an ad set a lost answer made", async () => {
    const ctx = await owner();
    const campaign = await createCampaign(ctx, { name: "Sets" });
    const lost = withAds(ctx, {
      createAdSet: async (ref) => {
        await sandboxAds(ctx).createAdSet(ref);
        throw new AppError("upstream_failed", "Facebook did not answer in time");
      },
    });
    const set = await createAdSet(lost, { campaignId: campaign.id, name: "Lost" });
    expect(set.facebookAdSetId).toBe((await networkObjects(ctx, "adset"))[0]?.id);
    expect(await networkObjects(ctx, "adset")).toHaveLength(1);
  });
});
