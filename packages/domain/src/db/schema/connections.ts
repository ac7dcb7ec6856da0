import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, primaryId, timestamptz, updatedAt } from "./columns";
import { connectionProviderColumn, publishNetworkColumn } from "./enums";

/** Non-secret facts about the connected account, shown in settings and on the campaigns page. */
export interface ConnectionMetadata {
  /** Pages: category, picture and tasks (MANAGE means the page can manage posts). */
  category?: string;
  pictureUrl?: string;
  tasks?: string[];
  /** Instagram: the linked account's username. */
  username?: string;
  /** Ad accounts: `act_<id>` form, currency, status code, business name. */
  graphId?: string;
  currency?: string;
  accountStatus?: number;
  businessName?: string;
  /** Channels: the account's handle as its network writes it (@alice.bsky.social, @bob@mastodon.social). */
  handle?: string;
  /** Mastodon: the instance's host; Bluesky: the PDS the account lives on. */
  host?: string;
  /** LinkedIn: the organization pages the member administers, when the token carries the organization scope. */
  organizations?: { urn: string; name: string | null }[];
  /** Discord: the server and channel a webhook posts to. */
  guildId?: string;
  channelId?: string;
  /** The account's own limits where its network has them (a Mastodon instance's configuration). */
  limits?: {
    maxCharacters?: number;
    urlLength?: number;
    maxImages?: number;
    maxImageBytes?: number;
    maxVideoBytes?: number;
    imageTypes?: string[];
    altTextMaxLength?: number;
  };
}

/**
 * A brand's link to a Facebook page, the Instagram account of that page, or a Facebook ad account. The
 * access token is stored encrypted: `encrypted_token` holds the whole envelope (version, iv, auth tag,
 * ciphertext) produced by the domain's crypto helper, and is never returned to the browser.
 */
export const socialConnections = pgTable(
  "social_connections",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    provider: connectionProviderColumn("provider").notNull(),
    /** Page id, IG user id, or the ad account's numeric account_id. */
    externalAccountId: text("external_account_id").notNull(),
    name: text("name"),
    encryptedToken: text("encrypted_token").notNull(),
    /** Null when the token does not expire (page tokens from a long-lived user token). */
    tokenExpiresAt: timestamptz("token_expires_at"),
    scopes: text("scopes").array().default(sql`'{}'::text[]`).notNull(),
    metadata: jsonb("metadata").$type<ConnectionMetadata>().default(sql`'{}'::jsonb`).notNull(),
    /** Where this brand's posts go: a connection made against the sandbox keeps publishing there. */
    network: publishNetworkColumn("network").default("sandbox").notNull(),
    /** Set when Meta answered code 190: the user must reconnect before posts can go out. */
    expiredAt: timestamptz("expired_at"),
    /** The last "expires in N days" notice sent for this token (7, then 1); null before the first. */
    expiryNoticeDays: integer("expiry_notice_days"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per account: the screens connect one account per network and brand (connecting replaces
    // it), but nothing here forbids a second.
    unique("social_connections_brand_id_provider_account_key").on(t.brandId, t.provider, t.externalAccountId),
    index("social_connections_user_id_idx").on(t.userId),
  ],
);

/** What the callback learnt before the user picked a page or an ad account; tokens included, hence encrypted. */
export interface PendingConnectionChoices {
  pages?: { id: string; name: string; category?: string; pictureUrl?: string; tasks?: string[] }[];
  adAccounts?: {
    id: string;
    accountId: string;
    name: string;
    currency: string;
    accountStatus: number;
    balance?: string;
    amountSpent?: string;
    businessName?: string;
  }[];
  profile?: { id: string; name: string };
}

/**
 * One OAuth round trip to Facebook. `state` is the CSRF value sent to the login dialog; the callback
 * consumes the row once ("This authorization has already been processed"), then keeps the encrypted user
 * token and page / ad-account tokens here until the user picks one, so tokens never reach the browser.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: primaryId(),
    state: text("state").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    /** `facebook` for the page flow, `facebook_ads` for the marketing flow. */
    provider: connectionProviderColumn("provider").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    /** The network the round trip went to (Meta when the app is configured at its start, else the sandbox). */
    network: publishNetworkColumn("network").default("sandbox").notNull(),
    /** The choices offered to the user, without tokens: safe to send to the browser. */
    choices: jsonb("choices").$type<PendingConnectionChoices>(),
    /** Encrypted envelope of the user token and the per-choice tokens. */
    encryptedTokens: text("encrypted_tokens"),
    consumedAt: timestamptz("consumed_at"),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("oauth_states_user_id_idx").on(t.userId),
    index("oauth_states_brand_id_idx").on(t.brandId),
    // Expired rounds are swept by the cleanup job.
    index("oauth_states_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * The app's own registration on a network that needs one per server (a Mastodon instance registers each
 * app itself): made once per host and reused by every brand connecting there. The secret is sealed.
 */
export const networkApps = pgTable(
  "network_apps",
  {
    id: primaryId(),
    network: publishNetworkColumn("network").notNull(),
    host: text("host").notNull(),
    clientId: text("client_id").notNull(),
    encryptedSecret: text("encrypted_secret").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("network_apps_network_host_key").on(t.network, t.host)],
);

export type SocialConnection = typeof socialConnections.$inferSelect;
export type NewSocialConnection = typeof socialConnections.$inferInsert;
export type OauthState = typeof oauthStates.$inferSelect;
