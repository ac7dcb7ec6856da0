import type { PostInsightsSource } from "@smm/domain/agent";
import type { PageInsightsSource } from "@smm/domain/analytics";
import type { AdsNetwork } from "@smm/domain/campaigns";
import type { NetworkDescriptor } from "@smm/domain/channels";
import type { ConnectionMetadata, PostFormat } from "@smm/domain/db/schema";
import type { ChannelCredentials, CommentAction, CommentsRead, SocialNetworkKind } from "@smm/domain/ports";
import type { PostPlatform } from "@smm/domain/posts";

/**
 * One network behind one interface (ARCHITECTURE.md "Networks"). Each network is a folder here with one
 * provider object; the registry (registry.ts) is keyed by the connection's network, and the channel router
 * (channel-router.ts) is the only caller: it opens the connection, hands the provider what the post is, and
 * stores what comes back. A provider never reads the database and never sees another brand's connection.
 *
 * Errors: AppError with a reason. `network_token_expired` after calling `connection.markExpired()` (the
 * router's notice is sent once); a rate limit is upstream_failed with `retryAfterMs` (the publish job waits
 * and tries again); a call whose answer was lost is `publish_unconfirmed` only when the provider cannot
 * settle it itself (see findPublished); text over the limit is `text_over_limit`, thrown before any call.
 */
export interface NetworkProvider<Credentials = unknown> {
  /** The registry key, stored on each connection (social_connections.network) and post (published_via). */
  readonly id: SocialNetworkKind;
  readonly label: string;
  /** The post platforms it publishes to (Meta: facebook and instagram; the sandbox: every one). */
  readonly platforms: readonly PostPlatform[];
  /**
   * What the network takes for that platform; with a connection, that account's own limits (a Mastodon
   * instance's characters and media, read when it connected and kept in the connection's metadata).
   */
  describe(platform: PostPlatform, connection?: ProviderConnection<Credentials> | null): NetworkDescriptor;
  /** How an account connects; absent for providers connected elsewhere (Meta's page flow). */
  readonly connect?: ProviderConnect<Credentials>;
  /**
   * Posts now, exactly once per `post.marker`: the marker is recorded on our post before this call, and the
   * provider uses the network's own means (record key, Idempotency-Key) so that the same marker never
   * makes two copies.
   */
  publish(connection: ProviderConnection<Credentials>, post: OutgoingPost): Promise<PublishedCopy>;
  /**
   * The copy the attempt with `marker` (begun at `attemptAt`) made, or null when the network surely holds
   * none: how a publish whose answer was lost is settled before trying again. Throws AppError
   * publish_unconfirmed ("Unconfirmed: check your <account>") when the network cannot tell.
   */
  findPublished(
    connection: ProviderConnection<Credentials>,
    lookup: PublishLookup,
  ): Promise<PublishedCopy | null>;
  /** Deleting a post already gone is not an error. */
  delete(connection: ProviderConnection<Credentials>, externalId: string): Promise<void>;
  /**
   * The post's first comment (descriptor.capabilities.firstComment): a comment on it, or the first reply in
   * its thread. Called once the post is out; its failure never fails the post.
   */
  comment?(
    connection: ProviderConnection<Credentials>,
    externalId: string,
    message: string,
  ): Promise<{ externalId: string }>;
  /** Networks that edit published posts (Mastodon). */
  edit?(connection: ProviderConnection<Credentials>, externalId: string, post: OutgoingPost): Promise<void>;
  /**
   * Native scheduling, where the network holds posts for later (descriptor.nativeScheduling says how far):
   * the network's id of the held post, or null when it cannot hold this one (then the publish job sends it).
   */
  schedule?(
    connection: ProviderConnection<Credentials>,
    post: OutgoingPost,
    at: Date,
  ): Promise<{ externalId: string } | null>;
  cancelScheduled?(connection: ProviderConnection<Credentials>, externalId: string): Promise<void>;
  /**
   * A natively held post changed (text, and its time when `at` is given). Only providers that implement it
   * get their posts held natively by the app (the router asks nothing of the others): a held post must stay
   * editable under the same id.
   */
  updateScheduled?(
    connection: ProviderConnection<Credentials>,
    externalId: string,
    post: OutgoingPost,
    at: Date | null | undefined,
  ): Promise<void>;
  /**
   * Networks whose tokens can be renewed before they end (Threads' refresh_access_token): renews the
   * connection's token now if it is due, through saveCredentials. The hourly job calls it for tokens ending
   * within a week, so an account that posts nothing for two months stays connected.
   */
  renew?(connection: ProviderConnection<Credentials>): Promise<void>;
  /**
   * The inbox (issue 33), for networks whose descriptor declares `capabilities.inbox`: reading the comments
   * under the brand's posts, replying exactly once, and moderating as the descriptor allows.
   */
  readonly inbox?: ProviderInbox<Credentials>;
  /** Declared optional capabilities: the brand's page insights and its ad account (Meta, the sandbox). */
  readonly insights?: Partial<PostInsightsSource & PageInsightsSource>;
  readonly ads?: AdsNetwork;
}

/**
 * A network's comments (issue 33). Errors as for publishing: `network_token_expired` after markExpired(), a
 * rate limit as upstream_failed with `retryAfterMs`, a refused reply as upstream_failed with the network's
 * words, `reply_unconfirmed` when a lost answer cannot be settled.
 */
export interface ProviderInbox<Credentials> {
  /**
   * How many reads one account may make per window: the network's rate limit with room for publishing. The
   * poller asks a budget shared by every instance (inbox_call_budgets) before each read.
   */
  readonly readBudget: { calls: number; windowMs: number };
  /**
   * Reads the comments under these posts (their network ids, newest first), spending at most `budget`
   * calls; `cursor` is what the last read answered (a notifications cursor), null the first time.
   */
  read(
    connection: ProviderConnection<Credentials>,
    request: { posts: { externalId: string; publishedAt: Date }[]; cursor: string | null; budget: number },
  ): Promise<CommentsRead>;
  /**
   * Sends a reply under `parentExternalId` (a comment), or on the post itself when null, exactly once per
   * `marker`: with the network's idempotency where it has one (Mastodon's Idempotency-Key, a Bluesky
   * record key made from the marker).
   */
  reply(
    connection: ProviderConnection<Credentials>,
    request: { postExternalId: string; parentExternalId: string | null; text: string; marker: string },
  ): Promise<{ externalId: string; url?: string | null }>;
  /**
   * The reply the attempt with `marker` made since `since` (looked up by record key, or by our text under
   * that parent), or null when the network surely holds none. Throws `reply_unconfirmed` when it cannot tell.
   */
  findReply(
    connection: ProviderConnection<Credentials>,
    request: {
      postExternalId: string;
      parentExternalId: string | null;
      text: string;
      marker: string;
      since: Date;
    },
  ): Promise<{ externalId: string } | null>;
  /** Only the actions the descriptor's `capabilities.inbox` declares are asked. Gone already is not an error. */
  moderate?(
    connection: ProviderConnection<Credentials>,
    request: { externalId: string; action: CommentAction },
  ): Promise<void>;
}

export interface ProviderConnect<Credentials> {
  /** Whether live connections can be made now (an OAuth network needs its client settings). */
  available(): boolean;
  /**
   * From what the user typed: an account at once (app password, bot token, webhook URL), or the network's
   * consent page to send the user to, with what `complete` needs back (kept sealed by the router).
   */
  start(request: {
    platform: PostPlatform;
    credentials: ChannelCredentials;
    state: string;
    redirectUri: string;
  }): Promise<
    | { kind: "connected"; account: ProviderAccount<Credentials> }
    | { kind: "redirect"; url: string; pending: string }
  >;
  /** OAuth networks: the code the consent page sent back, with start's `pending`. */
  complete?(request: {
    platform: PostPlatform;
    code: string;
    pending: string;
    redirectUri: string;
  }): Promise<ProviderAccount<Credentials>>;
}

/** An account a provider connected; the router seals `credentials` and stores the rest. */
export interface ProviderAccount<Credentials> {
  externalAccountId: string;
  name: string | null;
  handle: string | null;
  pictureUrl: string | null;
  credentials: Credentials;
  tokenExpiresAt: Date | null;
  scopes: string[];
  metadata: ConnectionMetadata;
}

/** A brand's connection as a provider sees it: its credentials opened, and the two things it may change. */
export interface ProviderConnection<Credentials> {
  userId: string;
  brandId: string;
  platform: PostPlatform;
  externalAccountId: string;
  handle: string | null;
  /** When the network said the token ends (LinkedIn's 60 days); null or absent when it does not. */
  tokenExpiresAt?: Date | null;
  credentials: Credentials;
  metadata: ConnectionMetadata;
  /**
   * Keeps renewed credentials (Bluesky's refreshed session) for the next call; with `tokenExpiresAt`, the
   * token's new end too (a refreshed Threads token's 60 days), which the expiry notices and checks read.
   */
  saveCredentials(credentials: Credentials, renewal?: { tokenExpiresAt: Date | null }): Promise<void>;
  /** The network refused the token for good: marks the connection expired and tells the user once. */
  markExpired(): Promise<void>;
}

export interface OutgoingImage {
  /** Where the network may fetch it (our signed link, or the user's own URL). */
  url: string;
  /** The stored bytes, read on demand (networks that upload: Bluesky, Mastodon). */
  read(): Promise<{ bytes: Uint8Array; mimeType: string }>;
  altText: string;
  width: number | null;
  height: number | null;
}

/** One item of the post's media list (issue 32), its bytes read on demand like an image's. */
export interface OutgoingMedia extends Omit<OutgoingImage, "read"> {
  kind: "image" | "video";
  /** Our stored file's id; null for a link that is not ours. */
  mediaId: string | null;
  mimeType: string;
  byteSize: number | null;
  durationMs: number | null;
  /** Videos: the cover frame (a JPEG link) and its moment in milliseconds. */
  coverUrl: string | null;
  coverMs: number | null;
  read(): Promise<{ bytes: Uint8Array; mimeType: string }>;
}

export interface OutgoingPost {
  /** Our post's id. */
  postId: string;
  content: string;
  /** ISO 639-1 (the brand's language). */
  language: string;
  /** How it goes out: the format the provider's descriptor declared (feed, carousel, reel, story). */
  format: PostFormat;
  /** Every item in order, images and videos. */
  media: OutgoingMedia[];
  /** The image items of `media` (what providers that take only images read). */
  images: OutgoingImage[];
  /** The attempt's id, recorded on our post before the call: the idempotency key or record key's seed. */
  marker: string;
  /** When that attempt began (recorded with it). */
  attemptAt: Date;
}

export interface PublishLookup {
  postId: string;
  content: string;
  marker: string;
  /** When the lost attempt began: copies older than this are not its. Null: unknown. */
  attemptAt: Date | null;
}

export interface PublishedCopy {
  externalId: string;
  /** The post's public address on the network, when it has one. */
  url: string | null;
  publishedAt: Date | null;
}

/** What every provider factory may use; each takes only what it needs. */
export interface ProviderTools {
  now: () => Date;
  /**
   * fetch for user-given hosts (a Mastodon instance): refuses private and internal addresses on every
   * connection (the SSRF guard). Tests pass one that also lets their fake's loopback port through.
   */
  guardedFetch: typeof fetch;
  /** Waits `ms` (a rate limit's wait inside one call); tests make it instant. */
  sleep: (ms: number) => Promise<void>;
}
