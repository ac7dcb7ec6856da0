import { describeAdAccountStatus } from "../connections/messages";
import type { BrandContext } from "../context";
import { AppError } from "../errors";
import { requireAdAccount, requireAdsNetwork } from "./campaign-rows";
import { AD_ACCOUNTS_FETCH_FAILED, type AdAccountView } from "./schemas";

export interface AdAccountsView {
  accounts: AdAccountView[];
  /** The brand's connected account (the first one when it is not in the list). */
  selectedId: string | null;
}

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
