import { bigint, boolean, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { createdAt, timestamptz, updatedAt } from "./columns";
import { platformColumn } from "./enums";

/**
 * The embedded sandbox network (the default SocialNetwork adapter): what a real network would hold for
 * our posts, kept in the app's own database so every server instance sees the same "network".
 */
export const sandboxPosts = pgTable(
  "sandbox_posts",
  {
    /** The network's id for the post, returned to the caller and stored as posts.external_post_id. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    postId: uuid("post_id").notNull(),
    platform: platformColumn("platform").notNull(),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    /** What a real network would have been handed (issue 32): the format, every item, the first comment. */
    format: text("format").default("feed").notNull(),
    media: jsonb("media").$type<{ kind: "image" | "video"; url: string; altText: string }[]>(),
    firstComment: text("first_comment"),
    /** scheduled, published or cancelled. */
    state: text("state").$type<"scheduled" | "published" | "cancelled">().notNull(),
    scheduledFor: timestamptz("scheduled_for"),
    publishedAt: timestamptz("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sandbox_posts_brand_id_idx").on(t.brandId), index("sandbox_posts_post_id_idx").on(t.postId)],
);

export type SandboxPost = typeof sandboxPosts.$inferSelect;
export type NewSandboxPost = typeof sandboxPosts.$inferInsert;

/**
 * The sandbox ad account's campaigns and ad sets, as Meta would hold them: the sandbox's side of the
 * Marketing API. `active_ms` plus the time since `active_since` (while ACTIVE) is what its deterministic
 * spend, impressions and clicks grow with.
 */
export const sandboxAdObjects = pgTable(
  "sandbox_ad_objects",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"campaign" | "adset">().notNull(),
    /** Ad sets: their campaign's id. */
    campaignId: text("campaign_id"),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    status: text("status").notNull(),
    /** The fields as sent (objective, budgets, times, targeting...). */
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    activeMs: bigint("active_ms", { mode: "number" }).default(0).notNull(),
    activeSince: timestamptz("active_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sandbox_ad_objects_brand_id_idx").on(t.brandId, t.accountId)],
);

export type SandboxAdObject = typeof sandboxAdObjects.$inferSelect;

/**
 * Comments under the sandbox network's posts (issue 33): the sandbox's audience writes a few, at set times
 * after a post goes out, so the inbox works offline; the brand's replies, hides and deletes land here as they
 * would on a network. Labelled "Sandbox" wherever they show.
 */
export const sandboxComments = pgTable(
  "sandbox_comments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    /** The sandbox post's id (sandbox_posts.id). */
    sandboxPostId: text("sandbox_post_id").notNull(),
    parentId: text("parent_id"),
    authorName: text("author_name").notNull(),
    authorHandle: text("author_handle").notNull(),
    text: text("text").notNull(),
    own: boolean("own").default(false).notNull(),
    hidden: boolean("hidden").default(false).notNull(),
    liked: boolean("liked").default(false).notNull(),
    /** The reply's attempt marker (our own replies): a repeat with the same marker is the same reply. */
    marker: text("marker"),
    writtenAt: timestamptz("written_at").notNull(),
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_comments_post_idx").on(t.sandboxPostId),
    unique("sandbox_comments_marker_key").on(t.marker),
  ],
);

export type SandboxComment = typeof sandboxComments.$inferSelect;
