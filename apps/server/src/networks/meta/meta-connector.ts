import { AppError } from "@smm/domain/errors";
import type { SocialConnector } from "@smm/domain/ports";
import type { TokenVault } from "../../adapters/token-vault";
import type { Logger } from "../../lib/logger";
import { createMetaAccounts, MARKETING_SCOPES, type MetaAccounts, PAGE_SCOPES } from "./meta-accounts";
import { type GraphClient, isGraphError } from "./meta-graph-client";

/** Meta's answers to a bad or reused code, in the callback's words (connections.md section 8). */
function describeExchangeFailure(error: unknown): string {
  if (!isGraphError(error)) return "Failed to exchange token";
  if (error.subcode === 36009)
    return "This authorization has already been processed. Please try connecting again.";
  // Told by Meta's subcode, never by its wording (which Meta changes and translates).
  if (error.subcode === 36007) return "The authorization has expired. Please try connecting again.";
  return `Facebook auth error: ${error.code ?? error.httpStatus} - ${error.message}`;
}

/** Connections through Meta's login dialog and the Graph API; every token leaves here sealed. */
export function createMetaConnector(options: {
  graph: GraphClient;
  dialogUrl: string;
  appId: string;
  appSecret: string;
  vault: TokenVault;
  logger: Logger;
}): SocialConnector & { accounts: MetaAccounts } {
  const accounts = createMetaAccounts(options);

  /**
   * Installs the app on the Page for its `feed` webhook (contracts/meta-formats-and-inbox.md section 7.3).
   * Never fails the connection: without it the inbox still polls the Page's posts.
   */
  async function subscribePage(pageId: string, pageToken: string): Promise<void> {
    try {
      await options.graph.once({
        method: "POST",
        path: `/${pageId}/subscribed_apps`,
        token: pageToken,
        params: { subscribed_fields: "feed" },
      });
    } catch (error) {
      options.logger.warn("could not subscribe the page to comment webhooks", {
        code: isGraphError(error) ? error.code : null,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return {
    kind: "meta",
    accounts,
    dialogUrl: ({ flow, state, redirectUri }) =>
      accounts.dialogUrl({ redirectUri, state, scopes: flow === "ads" ? MARKETING_SCOPES : PAGE_SCOPES }),
    async exchange({ flow, code, redirectUri }) {
      try {
        const user = await accounts.exchangeCode({ code, redirectUri });
        const profile = await accounts.readProfile(user.accessToken);
        const pages = flow === "page" ? await accounts.listPages(user.accessToken) : [];
        const adAccounts = flow === "ads" ? await accounts.listAdAccounts(user.accessToken) : [];
        return {
          profile: { id: profile.id, name: profile.name },
          pages: pages.map(({ accessToken, ...page }) => ({
            ...page,
            sealedToken: options.vault.seal(accessToken),
          })),
          adAccounts,
          sealedUserToken: options.vault.seal(user.accessToken),
        };
      } catch (error) {
        options.logger.warn("meta code exchange failed", {
          code: isGraphError(error) ? error.code : null,
          subcode: isGraphError(error) ? error.subcode : null,
        });
        throw new AppError("upstream_failed", describeExchangeFailure(error));
      }
    },
    async readInstagramAccount({ pageId, sealedPageToken }) {
      const pageToken = options.vault.open(sealedPageToken);
      // Asked once, when the page is picked: from then on its comments come by webhook.
      const subscribing = subscribePage(pageId, pageToken);
      try {
        return await accounts.readInstagramAccount(pageId, pageToken);
      } catch (error) {
        options.logger.warn("reading the page's Instagram account failed", {
          code: isGraphError(error) ? error.code : null,
        });
        throw new AppError("upstream_failed", "Failed to select Facebook page");
      } finally {
        await subscribing;
      }
    },
  };
}
