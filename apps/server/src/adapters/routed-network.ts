import { insightsSourceOf, type PostInsightsSource } from "@smm/domain/agent";
import { ANALYTICS_FETCH_FAILED, type PageInsightsSource, pageInsightsSourceOf } from "@smm/domain/analytics";
import {
  type AdsCallRef,
  type AdsNetwork,
  adsNetworkOf,
  CAMPAIGNS_CONNECTION_REQUIRED,
} from "@smm/domain/campaigns";
import type { DbExecutor } from "@smm/domain/context";
import { platforms, posts, socialConnections } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type { SocialNetwork } from "@smm/domain/ports";
import { and, eq, inArray } from "drizzle-orm";
import type { MetaAdConnection } from "./meta-ads";
import type { MetaBrandConnection } from "./meta-network";
import type { TokenVault } from "./token-vault";

/** The brand's page (and Instagram account) with the token opened, for the Meta adapter only. */
export function createConnectionLoader(db: DbExecutor, vault: TokenVault) {
  return async (userId: string, brandId: string): Promise<MetaBrandConnection | null> => {
    const rows = await db
      .select()
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.brandId, brandId),
          inArray(socialConnections.provider, [...platforms]),
        ),
      );
    const page = rows.find((row) => row.provider === "facebook");
    if (page?.network !== "meta") return null;
    if (page.expiredAt) {
      throw new AppError(
        "upstream_failed",
        "Your Facebook connection has expired. Please reconnect your page in Settings.",
      );
    }
    return {
      pageId: page.externalAccountId,
      pageToken: vault.open(page.encryptedToken),
      instagramAccountId: rows.find((row) => row.provider === "instagram")?.externalAccountId ?? null,
    };
  };
}

/** The brand's ad account connection made through Meta, with its token opened, for the Meta adapter only. */
export function createAdConnectionLoader(db: DbExecutor, vault: TokenVault) {
  return async (userId: string, brandId: string): Promise<MetaAdConnection | null> => {
    const [row] = await db
      .select()
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.brandId, brandId),
          eq(socialConnections.provider, "facebook_ads"),
        ),
      );
    if (row?.network !== "meta") return null;
    return { token: vault.open(row.encryptedToken), expired: row.expiredAt !== null };
  };
}

/** Our post's text, for settling a publish whose answer was lost. */
export function createPostReader(db: DbExecutor) {
  return async (request: { userId: string; brandId: string; postId: string }) => {
    const [row] = await db
      .select({ content: posts.content, platform: posts.platform })
      .from(posts)
      .where(
        and(
          eq(posts.id, request.postId),
          eq(posts.userId, request.userId),
          eq(posts.brandId, request.brandId),
        ),
      );
    return row ?? null;
  };
}

/**
 * Which network a brand publishes to is a property of its page connection, not a global switch: a brand
 * connected through Meta publishes to Meta, every other brand (sandbox-connected or not connected) to the
 * embedded sandbox, whatever the app's configuration is today.
 */
export function createRoutedNetwork(options: {
  db: DbExecutor;
  sandbox: SocialNetwork;
  meta: SocialNetwork;
  /** The port's kind: the network new connections are made with. Posts are labelled by each call's result. */
  metaConfigured: boolean;
}): SocialNetwork & PostInsightsSource & PageInsightsSource & AdsNetwork {
  async function networkOf(userId: string, brandId: string): Promise<SocialNetwork> {
    const [row] = await options.db
      .select({ network: socialConnections.network })
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.brandId, brandId),
          eq(socialConnections.provider, "facebook"),
        ),
      );
    return row?.network === "meta" ? options.meta : options.sandbox;
  }
  // Campaigns go where the brand's ad account was connected (Meta or the sandbox ad account).
  async function adsOf(ref: AdsCallRef): Promise<AdsNetwork> {
    const [row] = await options.db
      .select({ network: socialConnections.network })
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, ref.userId),
          eq(socialConnections.brandId, ref.brandId),
          eq(socialConnections.provider, "facebook_ads"),
        ),
      );
    const ads = adsNetworkOf(row?.network === "meta" ? options.meta : options.sandbox);
    if (!ads) throw new AppError("upstream_failed", CAMPAIGNS_CONNECTION_REQUIRED);
    return ads;
  }
  return {
    // Which network new connections use; each call goes (and its result says it went) where the brand's
    // connection says.
    kind: options.metaConfigured ? "meta" : "sandbox",
    publish: async (request) => (await networkOf(request.userId, request.brandId)).publish(request),
    schedule: async (request) => (await networkOf(request.userId, request.brandId)).schedule(request),
    canSchedule: async (request) => (await networkOf(request.userId, request.brandId)).canSchedule(request),
    cancel: async (request) => (await networkOf(request.userId, request.brandId)).cancel(request),
    update: async (request) => (await networkOf(request.userId, request.brandId)).update(request),
    findPublished: async (request) =>
      (await networkOf(request.userId, request.brandId)).findPublished(request),
    // Insights are optional parts of the port: asked of the brand's network, refused when it has none.
    readPostInsights: async (request) => {
      const source = insightsSourceOf(await networkOf(request.userId, request.brandId));
      if (!source) throw new AppError("upstream_failed", "This network reports no post insights");
      return source.readPostInsights(request);
    },
    readPageInsights: async (request) => {
      const source = pageInsightsSourceOf(await networkOf(request.userId, request.brandId));
      if (!source) throw new AppError("upstream_failed", ANALYTICS_FETCH_FAILED);
      return source.readPageInsights(request);
    },
    listAdAccounts: async (ref) => (await adsOf(ref)).listAdAccounts(ref),
    listCampaigns: async (ref) => (await adsOf(ref)).listCampaigns(ref),
    createCampaign: async (ref) => (await adsOf(ref)).createCampaign(ref),
    updateCampaign: async (ref) => (await adsOf(ref)).updateCampaign(ref),
    createAdSet: async (ref) => (await adsOf(ref)).createAdSet(ref),
    findCampaign: async (ref) => (await adsOf(ref)).findCampaign(ref),
    findAdSet: async (ref) => (await adsOf(ref)).findAdSet(ref),
  };
}
