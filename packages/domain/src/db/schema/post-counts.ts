import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { userBrands } from "./brands";
import { platformColumn } from "./enums";

/**
 * How many posts each brand holds per (user, lifecycle state, platform, AI flag): the dashboard stats and
 * the post lists' totals read a handful of these rows instead of counting 100k posts. Kept exact by the
 * statement-level triggers on posts (migration 0006_post-counts-triggers); never written by the app.
 * `state` is derivePostState (machines/post-lifecycle.ts) of status, generation_status, scheduled_date and
 * posted_at. Buckets that drop to zero stay as zero rows.
 */
export const postCounts = pgTable(
  "post_counts",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => userBrands.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    platform: platformColumn("platform").notNull(),
    aiGenerated: boolean("ai_generated").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.userId, t.state, t.platform, t.aiGenerated] }),
    index("post_counts_user_id_idx").on(t.userId),
    check("post_counts_n_not_negative", sql`${t.n} >= 0`),
  ],
);

export type PostCount = typeof postCounts.$inferSelect;
