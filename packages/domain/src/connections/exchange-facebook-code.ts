import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { oauthStates, userProfiles } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { parseInput } from "../parse-input";
import { asMetaNetwork } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { claimOAuthRound } from "./claim-oauth-round";
import { requireConnectors } from "./connection-rows";
import {
  AUTH_FAILED,
  describeAdAccountStatus,
  foundPagesMessage,
  MARKETING_AUTH_FAILED,
  NO_PAGES_FOUND,
  TOKEN_EXCHANGE_FAILED,
} from "./messages";
import type { SealedChoiceTokens } from "./pending-choices";
import {
  type ExchangeFacebookCodeInput,
  type ExchangeResult,
  exchangeFacebookCodeInput,
  exchangeResultSchema,
} from "./schemas";

/**
 * The callback's step: the state must be one this user started, unused and under 10 minutes old; it is
 * consumed before the code is exchanged, so a second visit (or React's second effect) is told the
 * authorization was already processed instead of exchanging twice. The pages or ad accounts found are
 * returned without tokens; their sealed tokens wait server-side for the user's pick.
 */
export async function exchangeFacebookCode(
  ctx: UserContext,
  input: ExchangeFacebookCodeInput,
): Promise<ExchangeResult> {
  const { code, state } = parseInput(exchangeFacebookCodeInput, input);
  const connectors = requireConnectors(ctx);
  const [round] = await ctx.db
    .select()
    .from(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, ctx.userId)));
  if (!round) throw new AppError("invalid_input", AUTH_FAILED);
  const flow = round.provider === "facebook_ads" ? "ads" : "page";
  await claimOAuthRound(ctx, round);

  const connector = connectors.byKind(asMetaNetwork(round.network));
  if (!connector) throw new AppError("upstream_failed", flow === "ads" ? MARKETING_AUTH_FAILED : AUTH_FAILED);
  let exchange: Awaited<ReturnType<typeof connector.exchange>>;
  try {
    exchange = await connector.exchange({ flow, code, redirectUri: round.redirectUri });
  } catch (error) {
    throw isAppError(error) ? error : new AppError("upstream_failed", TOKEN_EXCHANGE_FAILED);
  }
  if (flow === "page" && exchange.pages.length === 0) throw new AppError("upstream_failed", NO_PAGES_FOUND);

  const pages = exchange.pages.map(({ sealedToken: _sealed, ...page }) => page);
  const adAccounts = exchange.adAccounts.map((account) => ({
    ...account,
    statusText: describeAdAccountStatus(account.accountStatus),
  }));
  const tokens: SealedChoiceTokens = {
    user: exchange.sealedUserToken,
    pages: Object.fromEntries(exchange.pages.map((page) => [page.id, page.sealedToken])),
  };
  await ctx.db
    .update(oauthStates)
    .set({
      choices: {
        pages: pages.map((page) => ({
          id: page.id,
          name: page.name,
          ...(page.category ? { category: page.category } : {}),
          ...(page.pictureUrl ? { pictureUrl: page.pictureUrl } : {}),
          tasks: page.canManagePosts ? ["MANAGE"] : [],
        })),
        adAccounts: adAccounts.map((account) => ({
          id: account.id,
          accountId: account.accountId,
          name: account.name,
          currency: account.currency,
          accountStatus: account.accountStatus,
          ...(account.balance ? { balance: account.balance } : {}),
          ...(account.amountSpent ? { amountSpent: account.amountSpent } : {}),
          ...(account.businessName ? { businessName: account.businessName } : {}),
        })),
        profile: { id: exchange.profile.id, name: exchange.profile.name ?? "" },
      },
      encryptedTokens: JSON.stringify(tokens),
    })
    .where(eq(oauthStates.id, round.id));
  if (flow === "page") {
    await ctx.db
      .update(userProfiles)
      .set({ facebookId: exchange.profile.id })
      .where(eq(userProfiles.userId, ctx.userId));
  }
  return {
    success: true,
    flow,
    network: asMetaNetwork(round.network),
    profile: exchange.profile,
    pages,
    adAccounts,
    message:
      flow === "page"
        ? foundPagesMessage(pages.length)
        : `Found ${adAccounts.length} ad account(s). Please select an ad account to connect.`,
  };
}

export const exchangeFacebookCodeUseCase = declareUseCase({
  name: "exchangeFacebookCode",
  description:
    "Finish a connection round trip with the code and state the dialog returned: the pages (or ad accounts) to pick from. Each state works once.",
  scope: "user",
  input: exchangeFacebookCodeInput,
  output: exchangeResultSchema,
  run: exchangeFacebookCode,
});
