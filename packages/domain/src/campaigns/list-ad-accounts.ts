import { describeAdAccountStatus } from "../connections/messages";
import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { requireAdAccount, requireAdsNetwork } from "./campaign-rows";
import { AD_ACCOUNTS_FETCH_FAILED, type AdAccountsView, type AdAccountView, adAccountsView } from "./schemas";

export type { AdAccountsView };

/**
 * The ad accounts the brand's ad token can use (the selector on /campaigns appears when there are more than
 * one); switching is selectAdAccount.
 */
export async function listAdAccounts(ctx: BrandContext): Promise<AdAccountsView> {
  const connected = await requireAdAccount(ctx);
  let found: Awaited<ReturnType<ReturnType<typeof requireAdsNetwork>["listAdAccounts"]>>;
  try {
    found = await requireAdsNetwork(ctx).listAdAccounts({ userId: ctx.userId, brandId: ctx.brandId });
  } catch (error) {
    throw error instanceof AppError ? error : new AppError("upstream_failed", AD_ACCOUNTS_FETCH_FAILED);
  }
  const accounts = found.map(
    (account): AdAccountView => ({
      ...account,
      statusText: describeAdAccountStatus(account.accountStatus),
      network: connected.network,
    }),
  );
  const selected = accounts.find((account) => account.accountId === connected.accountId) ?? accounts[0];
  return { accounts, selectedId: selected?.id ?? null };
}

export const listAdAccountsUseCase = declareUseCase({
  name: "listAdAccounts",
  description:
    "The Facebook ad accounts the active brand's ad connection can use (name, currency, status, balance and amount spent in minor units) and which one is selected; selectAdAccount switches.",
  scope: "brand",
  input: noInput,
  output: adAccountsView,
  run: listAdAccounts,
});
