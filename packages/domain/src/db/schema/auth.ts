import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

// better-auth 1.7.5 tables. The drizzle adapter finds tables by export name (`user`, `session`, ...) and
// columns by TS property name, so both must match better-auth's model and field names exactly; the SQL
// names are ours (snake_case). Field list, types and required-ness follow @better-auth/core getAuthTables
// with email+password, social login, the `@better-auth/api-key` plugin and database rate-limit storage.
// Ids are text because better-auth generates them (apps/server/src/auth.ts: random hex).

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  createdAt: timestamptz("created_at").defaultNow().notNull(),
  updatedAt: timestamptz("updated_at")
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamptz("created_at").defaultNow().notNull(),
    updatedAt: timestamptz("updated_at")
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamptz("created_at").defaultNow().notNull(),
    updatedAt: timestamptz("updated_at")
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: timestamptz("created_at").defaultNow().notNull(),
    updatedAt: timestamptz("updated_at")
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * `@better-auth/api-key` keys for scripts and MCP clients. `referenceId` is the owning user's id (the
 * plugin's default `references: "user"`); the foreign key is ours, so deleting a user revokes their keys.
 * Column defaults mirror the plugin configuration in apps/server/src/auth.ts; the plugin writes the values
 * itself, so they only matter for rows inserted by hand.
 */
export const apikey = pgTable(
  "apikey",
  {
    id: text("id").primaryKey(),
    configId: text("config_id").default("default").notNull(),
    name: text("name"),
    start: text("start"),
    referenceId: text("reference_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prefix: text("prefix"),
    key: text("key").notNull(),
    refillInterval: integer("refill_interval"),
    refillAmount: integer("refill_amount"),
    lastRefillAt: timestamptz("last_refill_at"),
    enabled: boolean("enabled").default(true),
    rateLimitEnabled: boolean("rate_limit_enabled").default(true),
    rateLimitTimeWindow: integer("rate_limit_time_window").default(60_000),
    rateLimitMax: integer("rate_limit_max").default(1_000),
    requestCount: integer("request_count").default(0),
    remaining: integer("remaining"),
    lastRequest: timestamptz("last_request"),
    expiresAt: timestamptz("expires_at"),
    createdAt: timestamptz("created_at").notNull(),
    updatedAt: timestamptz("updated_at").notNull(),
    permissions: text("permissions"),
    metadata: text("metadata"),
  },
  (t) => [
    index("apikey_config_id_idx").on(t.configId),
    index("apikey_reference_id_idx").on(t.referenceId),
    index("apikey_key_idx").on(t.key),
  ],
);

/** better-auth's `rateLimit` model (rateLimit.storage "database"): shared by every server instance. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  // Epoch milliseconds, as better-auth stores it (a number, not a date).
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
