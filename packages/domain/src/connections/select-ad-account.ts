import { and, eq } from "drizzle-orm";
import { adsNetworkOf } from "../campaigns/ads-network";
import type { BrandContext } from "../context";
import { socialConnections } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { deleteBrandConnections, readBrandConnections, toConnectionsView } from "./connection-rows";
import { AD_ACCOUNT_NOT_FOUND, CONNECT_PAGE_FIRST } from "./messages";
import { closePendingChoices, readPendingChoices } from "./pending-choices";
import {
  type ConnectionsView,
  connectionsViewSchema,
  type SelectAdAccountInput,
  selectAdAccountInput,
} from "./schemas";

/**
 * Stores the picked ad account (from the brand's latest marketing exchange) with the brand: the marketing
 * flow's sealed user token, name and currency. Only after a page is connected. Without such a pick, it
 * switches between the accounts the brand's connected ad token already reaches (the campaigns page's
 * account selector).
 */
export async function selectAdAccount(
  ctx: BrandContext,
  input: SelectAdAccountInput,
): Promise<ConnectionsView> {
  const { adAccountId } = parseInput(selectAdAccountInput, input);
  const { page } = await readBrandConnections(ctx.db, ctx);
  if (!page) throw new AppError("conflict", CONNECT_PAGE_FIRST);
  const pending = await readPendingChoices(ctx, "facebook_ads");
  const account = pending?.row.choices?.adAccounts?.find(
    (choice) => choice.id === adAccountId || choice.accountId === adAccountId,
  );
  if (!pending || !account) {
    if (await switchConnectedAdAccount(ctx, adAccountId)) return toConnectionsView(ctx);
    throw new AppError("not_found", AD_ACCOUNT_NOT_FOUND);
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await deleteBrandConnections(tx, ctx, ["facebook_ads"]);
    await tx.insert(socialConnections).values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      provider: "facebook_ads",
      externalAccountId: account.accountId,
      name: account.name,
      encryptedToken: pending.tokens.user,
      network: pending.row.network,
      metadata: {
        graphId: account.id,
        currency: account.currency,
        accountStatus: account.accountStatus,
        ...(account.businessName ? { businessName: account.businessName } : {}),
      },
      createdAt: now,
      updatedAt: now,
    });
  });
  await closePendingChoices(ctx, pending.row);
  return toConnectionsView(ctx);
}

/** Moves the brand's ad connection to another account its token reaches; false when there is none such. */
async function switchConnectedAdAccount(ctx: BrandContext, adAccountId: string): Promise<boolean> {
  const { adAccount } = await readBrandConnections(ctx.db, ctx);
  const ads = adsNetworkOf(ctx.social);
  if (!adAccount || !ads) return false;
  const accounts = await ads.listAdAccounts({ userId: ctx.userId, brandId: ctx.brandId });
  const target = accounts.find((choice) => choice.id === adAccountId || choice.accountId === adAccountId);
  if (!target) return false;
  await ctx.db
    .update(socialConnections)
    .set({
      externalAccountId: target.accountId,
      name: target.name,
      metadata: {
        graphId: target.id,
        currency: target.currency,
        accountStatus: target.accountStatus,
        ...(target.businessName ? { businessName: target.businessName } : {}),
      },
      updatedAt: ctx.now(),
    })
    .where(and(eq(socialConnections.id, adAccount.id), eq(socialConnections.userId, ctx.userId)));
  return true;
}

export const selectAdAccountUseCase = declareUseCase({
  name: "selectAdAccount",
  description:
    "Connect one of the ad accounts found by the last marketing connection (by its id) to the brand; needs a connected page.",
  scope: "brand",
  input: selectAdAccountInput,
  output: connectionsViewSchema,
  run: selectAdAccount,
});
