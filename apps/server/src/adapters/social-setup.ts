import { markConnectionExpired } from "@smm/domain/connections";
import type { Deps } from "@smm/domain/context";
import type { Db } from "@smm/domain/db";
import type { ConnectionFlow, SocialNetwork } from "@smm/domain/ports";
import type { AppConnectors } from "../context";
import type { Env } from "../env";
import type { Logger } from "../lib/logger";
import { createMetaAds } from "./meta-ads";
import { createMetaConnector } from "./meta-connector";
import { createGraphClient, type GraphClientOptions } from "./meta-graph-client";
import { createMetaInsightsReader } from "./meta-insights";
import { createMetaNetwork } from "./meta-network";
import {
  createAdConnectionLoader,
  createConnectionLoader,
  createPostReader,
  createRoutedNetwork,
} from "./routed-network";
import { createSandboxConnector } from "./sandbox-connector";
import { createSandboxNetwork } from "./sandbox-network";
import { createTokenVault, loadOrCreateTokenKey } from "./token-vault";

/** Where the dialogs send the user back: the two callback screens, on PUBLIC_URL. */
export const redirectPathOf = (flow: ConnectionFlow) =>
  flow === "ads" ? "/auth/facebook/marketing/callback" : "/auth/facebook/callback";

/**
 * The social side of the server: the sandbox network and, with FACEBOOK_APP_ID and FACEBOOK_APP_SECRET, the
 * Meta adapter; the network each brand publishes to is chosen per call from its page connection. New
 * connections go to Meta when it is configured, else to the sandbox's consent page.
 */
export async function createSocialSetup(options: {
  env: Pick<
    Env,
    | "dataDir"
    | "publicUrl"
    | "TOKEN_ENCRYPTION_KEY"
    | "FACEBOOK_APP_ID"
    | "FACEBOOK_APP_SECRET"
    | "META_GRAPH_URL"
    | "META_DIALOG_URL"
    | "META_GRAPH_VERSION"
  >;
  db: Db;
  logger: Logger;
  secret: string;
  /**
   * What the expiry notice (Meta's code 190) is written and announced with; its clock is also the
   * sandbox's, so a pinned clock (tests, a replay) dates the sandbox's posts, ad objects and consent codes.
   */
  expiry: Pick<Deps, "db" | "events" | "now">;
  /** TESTS ONLY: a shorter wait for an answer and between retries, to run many faults quickly. */
  graphTiming?: Pick<GraphClientOptions, "timeoutMs" | "retryDelayMs">;
}): Promise<{ sandbox: SocialNetwork; social: SocialNetwork; connectors: AppConnectors }> {
  const { env } = options;
  const vault = createTokenVault(await loadOrCreateTokenKey(env.dataDir, env.TOKEN_ENCRYPTION_KEY));
  const { now } = options.expiry;
  const sandbox = createSandboxNetwork(options.db, now);
  const sandboxConnector = createSandboxConnector({
    publicUrl: env.publicUrl,
    secret: options.secret,
    vault,
    now,
  });
  const graph = createGraphClient({
    graphUrl: env.META_GRAPH_URL,
    version: env.META_GRAPH_VERSION,
    ...options.graphTiming,
  });
  const metaConfigured = Boolean(env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET);
  const metaConnector =
    env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
      ? createMetaConnector({
          graph,
          dialogUrl: env.META_DIALOG_URL,
          appId: env.FACEBOOK_APP_ID,
          appSecret: env.FACEBOOK_APP_SECRET,
          vault,
          logger: options.logger,
        })
      : null;
  // Pages connected through Meta keep publishing through Meta's API even if the app settings are removed
  // later: their stored page tokens are all the adapter needs.
  const loadConnection = createConnectionLoader(options.db, vault);
  const onTokenExpired = (userId: string, brandId: string) =>
    markConnectionExpired(options.expiry, { userId, brandId });
  const meta = {
    ...createMetaNetwork({
      graph,
      publicUrl: env.publicUrl,
      loadConnection,
      readPost: createPostReader(options.db),
      onTokenExpired,
      logger: options.logger,
    }),
    // Analytics: the page's and posts' insights (an optional part of the port, in its own adapter).
    ...createMetaInsightsReader({ graph, loadConnection, onTokenExpired }),
    // Campaigns: the Marketing API on the brand's ad account token (also its own adapter).
    ...createMetaAds({
      graph,
      loadAdConnection: createAdConnectionLoader(options.db, vault),
      onTokenExpired: (userId, brandId) =>
        markConnectionExpired(options.expiry, { userId, brandId }, "ad_account"),
    }),
  };
  const social = createRoutedNetwork({ db: options.db, sandbox, meta, metaConfigured });
  const connectors: AppConnectors = {
    current: metaConnector ?? sandboxConnector,
    byKind: (kind) => (kind === "meta" ? metaConnector : sandboxConnector),
    redirectUri: (flow) => `${env.publicUrl}${redirectPathOf(flow)}`,
    sandbox: sandboxConnector,
  };
  return { sandbox, social, connectors };
}
