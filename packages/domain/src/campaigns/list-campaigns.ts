import { and, eq, inArray } from "drizzle-orm";
import { describeAdAccountStatus } from "../connections/messages";
import type { BrandContext } from "../context";
import { adSets, campaigns } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import type { NetworkAdAccount, NetworkAdSet, NetworkCampaign } from "./ads-network";
import { type BrandAdAccount, readCampaignViews, requireAdAccount, requireAdsNetwork } from "./campaign-rows";
import {
  type AdAccountView,
  type CampaignListView,
  campaignListView,
  type ListCampaignsInput,
  listCampaignsInput,
  matchesStatusFilter,
  summarizeInsights,
} from "./schemas";

export { type ListCampaignsInput, listCampaignsInput };

/**
 * The campaigns page's list: read from the ad account (campaigns, their ad sets and insights over the
 * range), mirrored into our campaigns table, then filtered by status and search. When the network cannot be
 * read the mirrored copy is shown instead (source "database", with the network's reason).
 */
export async function listCampaigns(
  ctx: BrandContext,
  input: ListCampaignsInput = {},
): Promise<CampaignListView> {
  const { status, search, range } = parseInput(listCampaignsInput, input);
  const connected = await requireAdAccount(ctx);
  const ads = requireAdsNetwork(ctx);
  const ref = { userId: ctx.userId, brandId: ctx.brandId };
  let source: CampaignListView["source"] = "network";
  let notice: string | null = null;
  let account: NetworkAdAccount | undefined;
  try {
    const [accounts, listed] = await Promise.all([
      ads.listAdAccounts(ref),
      ads.listCampaigns({ ...ref, accountId: connected.accountId, range }),
    ]);
    account = accounts.find((candidate) => candidate.accountId === connected.accountId);
    await mirrorCampaigns(ctx, connected.accountId, listed.campaigns, listed.adSets);
  } catch (error) {
    source = "database";
    notice = error instanceof AppError ? error.message : "Failed to fetch campaigns";
  }
  const needle = search?.toLowerCase();
  const all = await readCampaignViews(ctx, connected.accountId);
  const shown = all.filter(
    (campaign) =>
      matchesStatusFilter(campaign.status, status) &&
      (!needle || campaign.name.toLowerCase().includes(needle)),
  );
  return {
    account: toAccountView(connected, account),
    range,
    campaigns: shown,
    summary: summarizeInsights(shown.map((campaign) => campaign.insights)),
    source,
    notice,
  };
}

function toAccountView(connected: BrandAdAccount, live: NetworkAdAccount | undefined): AdAccountView {
  return {
    id: connected.graphId,
    accountId: connected.accountId,
    name: live?.name ?? connected.name,
    currency: live?.currency ?? connected.currency,
    accountStatus: live?.accountStatus ?? connected.accountStatus,
    statusText: describeAdAccountStatus(live?.accountStatus ?? connected.accountStatus),
    balance: live?.balance ?? 0,
    amountSpent: live?.amountSpent ?? 0,
    businessName: live?.businessName ?? connected.businessName,
    network: connected.network,
  };
}

/** Keeps our copy in step with the network's (by the network's ids); campaigns made elsewhere are added. */
async function mirrorCampaigns(
  ctx: BrandContext,
  accountId: string,
  found: NetworkCampaign[],
  foundSets: NetworkAdSet[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const local = await tx
      .select({ id: campaigns.id, facebookCampaignId: campaigns.facebookCampaignId })
      .from(campaigns)
      .where(and(eq(campaigns.userId, ctx.userId), eq(campaigns.brandId, ctx.brandId)));
    const idOf = new Map(local.map((row) => [row.facebookCampaignId, row.id]));
    for (const campaign of found) {
      const values = {
        name: campaign.name,
        objective: campaign.objective as NonNullable<typeof campaigns.$inferInsert.objective>,
        status: campaign.status,
        dailyBudget: campaign.dailyBudget,
        lifetimeBudget: campaign.lifetimeBudget,
        startTime: campaign.startTime,
        endTime: campaign.endTime,
        specialAdCategories: campaign.specialAdCategories,
        insights: campaign.insights,
      };
      const id = idOf.get(campaign.id);
      if (id) {
        await tx.update(campaigns).set(values).where(eq(campaigns.id, id));
      } else {
        const [row] = await tx
          .insert(campaigns)
          .values({
            ...values,
            userId: ctx.userId,
            brandId: ctx.brandId,
            accountId,
            facebookCampaignId: campaign.id,
            createdTime: campaign.createdTime,
          })
          .returning({ id: campaigns.id });
        if (row) idOf.set(campaign.id, row.id);
      }
    }
    const campaignIds = [...idOf.values()];
    const localSets = campaignIds.length
      ? await tx
          .select({ id: adSets.id, facebookAdSetId: adSets.facebookAdSetId })
          .from(adSets)
          .where(and(eq(adSets.userId, ctx.userId), inArray(adSets.campaignId, campaignIds)))
      : [];
    const setIdOf = new Map(localSets.map((row) => [row.facebookAdSetId, row.id]));
    for (const set of foundSets) {
      const campaignId = idOf.get(set.campaignId);
      if (!campaignId) continue;
      const values = {
        name: set.name,
        status: set.status,
        optimizationGoal: set.optimizationGoal as NonNullable<typeof adSets.$inferInsert.optimizationGoal>,
        billingEvent: set.billingEvent as NonNullable<typeof adSets.$inferInsert.billingEvent>,
        dailyBudget: set.dailyBudget,
        lifetimeBudget: set.lifetimeBudget,
        targeting: set.targeting,
        startTime: set.startTime,
        endTime: set.endTime,
        insights: set.insights,
      };
      const id = setIdOf.get(set.id);
      if (id) await tx.update(adSets).set(values).where(eq(adSets.id, id));
      else
        await tx.insert(adSets).values({
          ...values,
          campaignId,
          userId: ctx.userId,
          brandId: ctx.brandId,
          facebookAdSetId: set.id,
          createdTime: set.createdTime,
        });
    }
  });
}

export const listCampaignsUseCase = declareUseCase({
  name: "listCampaigns",
  description:
    "The active brand's ad campaigns on its connected ad account, newest first, with ad sets and insights (spend in minor units of the account's currency, impressions, clicks, CTR) over range 'today', '7d', '30d' (default) or '90d'. Filter by status ('all', 'active', 'paused', 'pending') and a search on the name. Use it to find a campaign's id before changing it.",
  scope: "brand",
  input: listCampaignsInput,
  output: campaignListView,
  run: listCampaigns,
});
