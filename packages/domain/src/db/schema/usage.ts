import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, smallint, text, unique } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, primaryId, updatedAt } from "./columns";

/** Monthly counters; month and year are the UTC calendar month. */
export const userPostUsage = pgTable(
  "user_post_usage",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    month: smallint("month").notNull(),
    year: smallint("year").notNull(),
    postsUsed: integer("posts_used").default(0).notNull(),
    captionsUsed: integer("captions_used").default(0).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The conflict target of the counting upsert (spec: conflict key user_id+month+year).
    unique("user_post_usage_user_id_month_year_key").on(t.userId, t.month, t.year),
    check("user_post_usage_month_range", sql`${t.month} between 1 and 12`),
    check("user_post_usage_counts_not_negative", sql`${t.postsUsed} >= 0 and ${t.captionsUsed} >= 0`),
  ],
);

/** Daily counters for the free plan's one post per day; `date` is the UTC day as 'YYYY-MM-DD'. */
export const userDailyPostUsage = pgTable(
  "user_daily_post_usage",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    postsUsed: integer("posts_used").default(0).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("user_daily_post_usage_user_id_date_key").on(t.userId, t.date),
    check("user_daily_post_usage_count_not_negative", sql`${t.postsUsed} >= 0`),
  ],
);

export type UserPostUsage = typeof userPostUsage.$inferSelect;
export type UserDailyPostUsage = typeof userDailyPostUsage.$inferSelect;
