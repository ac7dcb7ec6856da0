import { randomUUID } from "node:crypto";
import type { PostInsightsSource } from "@smm/domain/agent";
import { ANALYTICS_FETCH_FAILED, type PageInsightsSource } from "@smm/domain/analytics";
import { type AdsCallRef, type AdsNetwork, CAMPAIGNS_CONNECTION_REQUIRED } from "@smm/domain/campaigns";
import { channelConnectionExpired, markConnectionExpired } from "@smm/domain/connections";
import type { DbExecutor, Deps } from "@smm/domain/context";
import { media, posts, type SocialConnection, socialConnections } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import type {
  CommentAction,
  FileStorage,
  InboxCallRef,
  PublishMediaItem,
  SocialNetwork,
  SocialPostRequest,
} from "@smm/domain/ports";
import { isMetaPlatform, type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/posts";
import { and, desc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import type { TokenVault } from "../adapters/token-vault";
import type { OutgoingMedia, OutgoingPost, ProviderConnection } from "./provider";
import type { AnyProvider, NetworkRegistry } from "./registry";

/** Images fetched from a user's own URL for networks that upload (Bluesky, Mastodon): at most this much. */
const MAX_FETCHED_IMAGE_BYTES = 20 * 1024 * 1024;

export const firstCommentUnsupported = (platform: PostPlatform) =>
  `${platformLabels[platform]} posts take no first comment.`;

export const inboxUnsupported = (platform: PostPlatform) =>
  `${platformLabels[platform]} comments cannot be read or answered from here.`;

export const inboxActionUnsupported = (platform: PostPlatform, action: CommentAction) =>
  `${platformLabels[platform]} does not let comments be ${action === "hide" || action === "unhide" ? "hidden" : action === "like" ? "liked" : "deleted"} from here.`;

export const channelNotConnected = (platform: PostPlatform) =>
  `No ${platformLabels[platform]} account is connected to this brand. Connect one in Settings > Channels.`;

interface Resolved {
  provider: AnyProvider;
  connection: ProviderConnection<unknown>;
}

/**
 * The domain's SocialNetwork, routed per call: the brand's connection for the post's platform says which
 * provider of the registry takes it (its `network`), and the provider gets that connection opened. Facebook
 * and Instagram posts go where the brand's page connection went (Meta or the sandbox; the sandbox when no
 * page is connected, as the spec's flow has it); every other network needs its account connected.
 */
/** Tokens ending within this are renewed by the hourly job where their network can renew them. */
const RENEW_WITHIN_MS = 7 * 86_400_000;

export function createChannelRouter(options: {
  db: DbExecutor;
  vault: TokenVault;
  registry: NetworkRegistry;
  storage: FileStorage;
  /** fetch with the SSRF guard, for images at a user's own URL. */
  guardedFetch: typeof fetch;
  /** What the expiry notice is written and announced with. */
  expiry: Pick<Deps, "db" | "events" | "now">;
  /** The port's kind: the network new page connections are made with (Meta when configured). */
  metaConfigured: boolean;
}): SocialNetwork &
  PostInsightsSource &
  PageInsightsSource &
  AdsNetwork & { renewExpiringTokens(): Promise<number> } {
  const { db, vault, registry } = options;
  const now = options.expiry.now;

  async function connectionRow(
    userId: string,
    brandId: string,
    provider: SocialConnection["provider"],
  ): Promise<SocialConnection | null> {
    const [row] = await db
      .select()
      .from(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, userId),
          eq(socialConnections.brandId, brandId),
          eq(socialConnections.provider, provider),
        ),
      )
      .orderBy(desc(socialConnections.createdAt))
      .limit(1);
    return row ?? null;
  }

  function openConnection(
    who: { userId: string; brandId: string },
    platform: PostPlatform,
    row: SocialConnection | null,
    provider: AnyProvider,
  ): ProviderConnection<unknown> {
    // Meta's adapters open the page token themselves; the sandbox needs none. Other providers keep a JSON
    // document of their credentials, sealed.
    const opaque = !row || provider.id === "meta" || provider.id === "sandbox";
    return {
      userId: who.userId,
      brandId: who.brandId,
      platform,
      externalAccountId: row?.externalAccountId ?? "sandbox",
      handle: row?.metadata.handle ?? null,
      tokenExpiresAt: row?.tokenExpiresAt ?? null,
      credentials: opaque ? {} : JSON.parse(vault.open(row.encryptedToken)),
      metadata: row?.metadata ?? {},
      async saveCredentials(credentials, renewal) {
        if (!row) return;
        await db
          .update(socialConnections)
          .set({
            encryptedToken: vault.seal(JSON.stringify(credentials)),
            // A renewed token is a new token: its end is new, and so are the notices about it.
            ...(renewal ? { tokenExpiresAt: renewal.tokenExpiresAt, expiryNoticeDays: null } : {}),
            updatedAt: now(),
          })
          .where(eq(socialConnections.id, row.id));
      },
      async markExpired() {
        await markConnectionExpired(options.expiry, who, isMetaPlatform(platform) ? "page" : { platform });
      },
    };
  }

  async function resolve(
    who: { userId: string; brandId: string },
    platform: PostPlatform,
  ): Promise<Resolved> {
    if (isMetaPlatform(platform)) {
      const page = await connectionRow(who.userId, who.brandId, "facebook");
      const provider = registry.get(page?.network === "meta" ? "meta" : "sandbox");
      return { provider, connection: openConnection(who, platform, page, provider) };
    }
    const row = await connectionRow(who.userId, who.brandId, platform);
    if (!row) throw new AppError("channel_not_connected", channelNotConnected(platform));
    if (row.expiredAt) throw new AppError("network_token_expired", channelConnectionExpired(platform));
    // A token past its end (LinkedIn's 60 days) is not tried: the user is told once, the post waits.
    if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now().getTime()) {
      await markConnectionExpired(options.expiry, who, { platform });
      throw new AppError("network_token_expired", channelConnectionExpired(platform));
    }
    const provider = registry.get(row.network);
    return { provider, connection: openConnection(who, platform, row, provider) };
  }

  async function toOutgoing(request: SocialPostRequest): Promise<OutgoingPost> {
    const items: PublishMediaItem[] =
      request.media ??
      (request.imageUrl
        ? [
            {
              kind: "image",
              mediaId: request.imageMediaId ?? null,
              url: request.imageUrl,
              mimeType: "image/jpeg",
              altText: "",
              width: null,
              height: null,
              byteSize: null,
              durationMs: null,
              coverUrl: null,
              coverMs: null,
            },
          ]
        : []);
    const outgoing = await Promise.all(items.map((item) => toMedia(request, item)));
    return {
      postId: request.postId,
      content: request.content,
      language: request.language ?? "en",
      format: request.format ?? "feed",
      media: outgoing,
      images: outgoing.filter((item) => item.kind === "image"),
      marker: request.marker ?? randomUUID(),
      attemptAt: request.attemptAt ?? now(),
    };
  }

  /** An item as providers take it: its stored row (the brand's own only) read for sizes and bytes. */
  async function toMedia(request: SocialPostRequest, item: PublishMediaItem): Promise<OutgoingMedia> {
    const [row] = item.mediaId
      ? await db
          .select()
          .from(media)
          .where(
            and(
              eq(media.id, item.mediaId),
              eq(media.userId, request.userId),
              eq(media.brandId, request.brandId),
            ),
          )
      : [];
    return {
      ...item,
      mimeType: row?.mimeType ?? item.mimeType,
      width: item.width ?? row?.width ?? null,
      height: item.height ?? row?.height ?? null,
      byteSize: item.byteSize ?? row?.byteSize ?? null,
      durationMs: item.durationMs ?? row?.durationMs ?? null,
      async read() {
        if (row) {
          const bytes = await options.storage.get(row.storageKey);
          if (!bytes) throw new AppError("upstream_failed", "The post's image is missing from storage.");
          return { bytes, mimeType: row.mimeType };
        }
        return fetchImage(item.url);
      },
    };
  }

  async function fetchImage(url: string): Promise<{ bytes: Uint8Array; mimeType: string }> {
    const response = await options.guardedFetch(url, { redirect: "error" });
    if (!response.ok)
      throw new AppError("upstream_failed", `The post's image could not be fetched (${response.status}).`);
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > MAX_FETCHED_IMAGE_BYTES)
      throw new AppError("upstream_failed", "The post's image is too large to send.");
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_FETCHED_IMAGE_BYTES)
      throw new AppError("upstream_failed", "The post's image is too large to send.");
    return { bytes, mimeType: response.headers.get("content-type")?.split(";")[0]?.trim() ?? "image/jpeg" };
  }

  /** The platform of the brand's post the network holds as `externalId` (Facebook when none says). */
  async function platformOfExternal(request: { brandId: string; externalId: string }): Promise<PostPlatform> {
    const [row] = await db
      .select({ platform: posts.platform })
      .from(posts)
      .where(and(eq(posts.brandId, request.brandId), eq(posts.externalPostId, request.externalId)));
    return row?.platform ?? "facebook";
  }

  /** The page connection's provider, for the capabilities only a page has (insights, ads). */
  async function pageProvider(userId: string, brandId: string): Promise<AnyProvider> {
    const page = await connectionRow(userId, brandId, "facebook");
    return registry.get(page?.network === "meta" ? "meta" : "sandbox");
  }

  async function adsOf(ref: AdsCallRef): Promise<AdsNetwork> {
    const row = await connectionRow(ref.userId, ref.brandId, "facebook_ads");
    const ads = registry.get(row?.network === "meta" ? "meta" : "sandbox").ads;
    if (!ads) throw new AppError("upstream_failed", CAMPAIGNS_CONNECTION_REQUIRED);
    return ads;
  }

  /** The brand's provider for the platform, with its inbox, or inbox_unsupported. */
  async function resolveInbox(ref: InboxCallRef) {
    const { provider, connection } = await resolve(ref, ref.platform);
    const inbox = provider.inbox;
    const declared = provider.describe(ref.platform, connection).capabilities.inbox;
    if (!inbox || !declared) throw new AppError("inbox_unsupported", inboxUnsupported(ref.platform));
    return { provider, connection, inbox, declared };
  }

  const holdsNatively = (provider: AnyProvider, connection: ProviderConnection<unknown>, at: Date) => {
    if (!provider.schedule || !provider.updateScheduled) return false;
    const window = provider.describe(connection.platform, connection).nativeScheduling;
    if (!window) return false;
    const lead = at.getTime() - now().getTime();
    return lead >= window.minLeadMinutes * 60_000 && lead <= window.maxLeadDays * 86_400_000;
  };

  /**
   * Renews, through their providers, the channel tokens that end within a week where the network can
   * renew them (Threads): an account that posts nothing for two months stays connected. Returns how many
   * connections were asked; a failure is the connection's own (a 190 marks it expired and tells the user).
   */
  async function renewExpiringTokens(): Promise<number> {
    const soon = new Date(now().getTime() + RENEW_WITHIN_MS);
    const rows = await db
      .select()
      .from(socialConnections)
      .where(
        and(
          isNotNull(socialConnections.tokenExpiresAt),
          lte(socialConnections.tokenExpiresAt, soon),
          gt(socialConnections.tokenExpiresAt, now()),
          isNull(socialConnections.expiredAt),
        ),
      );
    let asked = 0;
    for (const row of rows) {
      const platform = postPlatforms.find((candidate) => candidate === row.provider);
      if (!platform || isMetaPlatform(platform) || row.network === "sandbox") continue;
      const provider = registry.get(row.network);
      if (!provider.renew) continue;
      asked++;
      await provider
        .renew(openConnection({ userId: row.userId, brandId: row.brandId }, platform, row, provider))
        .catch(() => {});
    }
    return asked;
  }

  return {
    renewExpiringTokens,
    kind: options.metaConfigured ? "meta" : "sandbox",
    async describe(request) {
      const { provider, connection } = await resolve(request, request.platform).catch(async (error) => {
        // A channel not connected yet still has its network's limits (the composer shows them).
        if (!(error instanceof AppError)) throw error;
        const live = registry.liveFor(request.platform) ?? registry.sandbox;
        return { provider: live, connection: null };
      });
      return provider.describe(request.platform, connection);
    },
    async publish(request) {
      const { provider, connection } = await resolve(request, request.platform);
      const copy = await provider.publish(connection, await toOutgoing(request));
      return { externalId: copy.externalId, network: provider.id, url: copy.url };
    },
    async canSchedule(request) {
      const { provider, connection } = await resolve(request, request.platform);
      return holdsNatively(provider, connection, request.scheduledDate);
    },
    async schedule(request) {
      const { scheduledDate, ...post } = request;
      const { provider, connection } = await resolve(post, post.platform);
      if (!provider.schedule || !holdsNatively(provider, connection, scheduledDate))
        return { externalId: null, network: provider.id };
      const held = await provider.schedule(connection, await toOutgoing(post), scheduledDate);
      return { externalId: held?.externalId ?? null, network: provider.id };
    },
    async cancel(request) {
      const platform = request.platform ?? (await platformOfExternal(request));
      const { provider, connection } = await resolve(request, platform);
      await (provider.cancelScheduled ?? provider.delete)(connection, request.externalId);
    },
    async update(request) {
      const { provider, connection } = await resolve(request, request.platform);
      const post = await toOutgoing(request);
      if (request.scheduledDate !== undefined && provider.updateScheduled) {
        await provider.updateScheduled(connection, request.externalId, post, request.scheduledDate);
        return;
      }
      if (!provider.edit)
        throw new AppError(
          "upstream_failed",
          `${platformLabels[request.platform]} does not let published posts be edited.`,
        );
      await provider.edit(connection, request.externalId, post);
    },
    async comment(request) {
      const { provider, connection } = await resolve(request, request.platform);
      if (!provider.comment)
        throw new AppError("first_comment_unsupported", firstCommentUnsupported(request.platform));
      return provider.comment(connection, request.externalId, request.message);
    },
    async readComments({ posts: published, cursor, budget, ...ref }) {
      const { connection, inbox } = await resolveInbox(ref);
      return inbox.read(connection, { posts: published, cursor, budget });
    },
    async commentReadBudget(ref) {
      const { provider, connection, inbox } = await resolveInbox(ref);
      // The sandbox's page is one account id for every brand: its budget is each brand's own all the same.
      const account =
        provider.id === "sandbox"
          ? `sandbox:${ref.brandId}:${ref.platform}`
          : `${provider.id}:${connection.externalAccountId}`;
      return { ...inbox.readBudget, account };
    },
    async replyToComment({ postExternalId, parentExternalId, text, marker, ...ref }) {
      const { connection, inbox } = await resolveInbox(ref);
      return inbox.reply(connection, { postExternalId, parentExternalId, text, marker });
    },
    async findReply({ postExternalId, parentExternalId, text, marker, since, ...ref }) {
      const { connection, inbox } = await resolveInbox(ref);
      return inbox.findReply(connection, { postExternalId, parentExternalId, text, marker, since });
    },
    async moderateComment({ externalId, action, ...ref }) {
      const { connection, inbox, declared } = await resolveInbox(ref);
      const allowed = action === "unhide" ? declared.hide : declared[action];
      if (!allowed || !inbox.moderate)
        throw new AppError("inbox_unsupported", inboxActionUnsupported(ref.platform, action));
      await inbox.moderate(connection, { externalId, action });
    },
    async findPublished(request) {
      const [row] = await db
        .select({ content: posts.content, platform: posts.platform })
        .from(posts)
        .where(and(eq(posts.id, request.postId), eq(posts.brandId, request.brandId)));
      const { provider, connection } = await resolve(
        request,
        request.platform ?? row?.platform ?? "facebook",
      );
      const copy = await provider.findPublished(connection, {
        postId: request.postId,
        content: row?.content ?? "",
        marker: request.marker,
        attemptAt: request.since,
      });
      return copy
        ? { externalId: copy.externalId, publishedAt: copy.publishedAt, network: provider.id, url: copy.url }
        : null;
    },
    readPostInsights: async (request) => {
      const insights = (await pageProvider(request.userId, request.brandId)).insights;
      if (!insights?.readPostInsights)
        throw new AppError("upstream_failed", "This network reports no post insights");
      return insights.readPostInsights(request);
    },
    readPageInsights: async (request) => {
      const insights = (await pageProvider(request.userId, request.brandId)).insights;
      if (!insights?.readPageInsights) throw new AppError("upstream_failed", ANALYTICS_FETCH_FAILED);
      return insights.readPageInsights(request);
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
