import type { BrandContext } from "../context";
import { socialConnections } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { deleteBrandConnections, readBrandConnections, toConnectionsView } from "./connection-rows";
import { AD_ACCOUNT_NOT_FOUND, CONNECT_PAGE_FIRST } from "./messages";
import { closePendingChoices, readPendingChoices } from "./pending-choices";
import { type ConnectionsView, type SelectAdAccountInput, selectAdAccountInput } from "./schemas";

/**
 * Stores the picked ad account (from the brand's latest marketing exchange) with the brand: the marketing
 * flow's sealed user token, name and currency. Only after a page is connected.
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
  if (!pending || !account) throw new AppError("not_found", AD_ACCOUNT_NOT_FOUND);
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
