import { markConnectionExpired } from "@smm/domain/connections";
import type { Deps } from "@smm/domain/context";
import type { Db } from "@smm/domain/db";
import type {
  ChannelConnectors,
  ConnectionFlow,
  FileStorage,
  PublishingNetwork,
  SocialNetwork,
} from "@smm/domain/ports";
import { createGuardedFetch } from "../adapters/guarded-fetch";
import { createTokenVault, loadOrCreateTokenKey, type TokenVault } from "../adapters/token-vault";
import type { AppConnectors } from "../context";
import type { Env } from "../env";
import type { Logger } from "../lib/logger";
import type { Metrics } from "../lib/metrics";
import { createChannelConnectors } from "./channel-connectors";
import { createChannelRouter } from "./channel-router";
import { createMetaProvider } from "./meta";
import { createMetaAds } from "./meta/meta-ads";
import { createAdConnectionLoader, createConnectionLoader, createPostReader } from "./meta/meta-connections";
import { createMetaConnector } from "./meta/meta-connector";
import { createGraphClient, type GraphClientOptions } from "./meta/meta-graph-client";
import { createMetaInbox } from "./meta/meta-inbox";
import { createMetaInsightsReader } from "./meta/meta-insights";
import {
  createMetaNetwork,
  describeGraphFailure,
  NOT_CONNECTED_REASON,
  ruploadUrlFor,
} from "./meta/meta-network";
import { networkModules } from "./modules";
import { readModuleEnv } from "./network-module";
import { observeProviderCalls } from "./observed-provider";
import type { ProviderTools } from "./provider";
import { type AnyProvider, createNetworkRegistry } from "./registry";
import { createSandboxProvider } from "./sandbox";
import { createSandboxConnector } from "./sandbox/sandbox-connector";
import { withSandboxFaults } from "./sandbox/sandbox-faults";
import { createSandboxInbox } from "./sandbox/sandbox-inbox";
import { createSandboxNetwork } from "./sandbox/sandbox-network";

/** Where the dialogs send the user back: the two callback screens, on PUBLIC_URL. */
export const redirectPathOf = (flow: ConnectionFlow) =>
  flow === "ads" ? "/auth/facebook/marketing/callback" : "/auth/facebook/callback";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The social side of the server: one provider per network in one registry (ARCHITECTURE.md "Networks"),
 * the channel router the domain publishes through, and the connectors. The sandbox stands in for every
 * network offline; Meta's page flow keeps its own connectors (the spec's Facebook tab), the other networks
 * connect through the channel connectors.
 */
export type SocialSetupOptions = {
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
  > &
    Partial<Pick<Env, "networkSettings" | "META_RUPLOAD_URL" | "SANDBOX_LATENCY_MS" | "SANDBOX_ERROR_RATE">>;
  db: Db;
  logger: Logger;
  /** Each provider call timed and counted for GET /metrics (lib/metrics.ts); absent: not measured. */
  observeProviderCall?: Metrics["observeProviderCall"];
  secret: string;
  /** Where the post's stored image is read from (networks that upload it: Bluesky, Mastodon). */
  storage: FileStorage;
  /**
   * What the expiry notice is written and announced with; its clock is also the sandbox's, so a pinned
   * clock (tests, a replay) dates the sandbox's posts, ad objects and consent codes.
   */
  expiry: Pick<Deps, "db" | "events" | "now">;
  /** TESTS ONLY: a shorter wait for an answer and between retries, to run many faults quickly. */
  graphTiming?: Pick<GraphClientOptions, "timeoutMs" | "retryDelayMs">;
  /**
   * TESTS ONLY: lets the SSRF guard through to one loopback address (a fake network server), and makes
   * waits instant. Production wiring never passes it.
   */
  channelTesting?: {
    allowAddress: (address: string, port: number) => boolean;
    sleep?: (ms: number) => Promise<void>;
    /** Network settings pointing the modules at their fakes (BLUESKY_SERVICE_URL, LINKEDIN_API_URL...). */
    networkSettings?: Record<string, string>;
  };
};

export type SocialSetup = {
  sandbox: PublishingNetwork;
  social: SocialNetwork;
  /** The hourly job's renewal of channel tokens ending within a week (Threads). */
  renewExpiringTokens: () => Promise<number>;
  connectors: AppConnectors;
  channels: ChannelConnectors;
};

/** The social side with the token key read (or made once) from the environment. */
export async function createSocialSetup(options: SocialSetupOptions): Promise<SocialSetup> {
  const vault = createTokenVault(
    await loadOrCreateTokenKey(options.env.dataDir, options.env.TOKEN_ENCRYPTION_KEY),
  );
  return buildSocialSetup({ ...options, vault });
}

/** The social side on a given token vault (tests build it synchronously). */
export function buildSocialSetup(options: SocialSetupOptions & { vault: TokenVault }): SocialSetup {
  const { env, vault } = options;
  const { now } = options.expiry;
  const tools: ProviderTools = {
    now,
    guardedFetch: createGuardedFetch(
      options.channelTesting ? { allowAddress: options.channelTesting.allowAddress } : {},
    ),
    sleep: options.channelTesting?.sleep ?? sleep,
  };

  const sandbox = withSandboxFaults(createSandboxNetwork(options.db, now), {
    latencyMs: env.SANDBOX_LATENCY_MS,
    errorRate: env.SANDBOX_ERROR_RATE,
  });
  const graph = createGraphClient({
    graphUrl: env.META_GRAPH_URL,
    version: env.META_GRAPH_VERSION,
    ...options.graphTiming,
  });
  // Pages connected through Meta keep publishing through Meta's API even if the app settings are removed
  // later: their stored page tokens are all the adapter needs.
  const loadConnection = createConnectionLoader(options.db, vault);
  const onTokenExpired = (userId: string, brandId: string) =>
    markConnectionExpired(options.expiry, { userId, brandId });
  const meta = createMetaProvider({
    network: createMetaNetwork({
      graph,
      publicUrl: env.publicUrl,
      ruploadUrl: env.META_RUPLOAD_URL ?? ruploadUrlFor(env.META_GRAPH_URL),
      loadConnection,
      readPost: createPostReader(options.db),
      onTokenExpired,
      logger: options.logger,
    }),
    insights: createMetaInsightsReader({ graph, loadConnection, onTokenExpired }),
    ads: createMetaAds({
      graph,
      loadAdConnection: createAdConnectionLoader(options.db, vault),
      onTokenExpired: (userId, brandId) =>
        markConnectionExpired(options.expiry, { userId, brandId }, "ad_account"),
    }),
    inbox: createMetaInbox({
      graph,
      loadConnection,
      logger: options.logger,
      now,
      notConnectedReason: NOT_CONNECTED_REASON,
      describe: describeGraphFailure,
    }),
  });
  const live = [
    meta,
    ...networkModules.map((module) =>
      module.create({
        env: readModuleEnv(module, { ...env.networkSettings, ...options.channelTesting?.networkSettings }),
        tools,
        db: options.db,
        vault,
        logger: options.logger,
        publicUrl: env.publicUrl,
        plainHttp: Boolean(options.channelTesting),
      }),
    ),
  ];
  const observe = options.observeProviderCall;
  const observed = (provider: AnyProvider) => (observe ? observeProviderCalls(provider, observe) : provider);
  const registry = createNetworkRegistry(
    observed(
      createSandboxProvider({
        network: sandbox,
        // Asked only once the registry exists (the sandbox takes what the network it stands in for takes).
        describeLive: (platform) => {
          const provider = registry.liveFor(platform);
          if (!provider) throw new Error(`No provider publishes to ${platform}`);
          return provider.describe(platform);
        },
        inbox: createSandboxInbox(options.db, now),
      }),
    ),
    live.map(observed),
  );

  const metaConfigured = Boolean(env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET);
  const social = createChannelRouter({
    db: options.db,
    vault,
    registry,
    storage: options.storage,
    guardedFetch: tools.guardedFetch,
    expiry: options.expiry,
    metaConfigured,
  });

  const sandboxConnector = createSandboxConnector({
    publicUrl: env.publicUrl,
    secret: options.secret,
    vault,
    now,
  });
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
  const connectors: AppConnectors = {
    current: metaConnector ?? sandboxConnector,
    byKind: (kind) => (kind === "meta" ? metaConnector : sandboxConnector),
    redirectUri: (flow) => `${env.publicUrl}${redirectPathOf(flow)}`,
    sandbox: sandboxConnector,
  };
  const channels = createChannelConnectors({ registry, vault, publicUrl: env.publicUrl });
  return { sandbox, social, connectors, channels, renewExpiringTokens: social.renewExpiringTokens };
}
