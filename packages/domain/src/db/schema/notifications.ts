import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, primaryId } from "./columns";
import { notificationTypeEnum } from "./enums";

export const notifications = pgTable(
  "notifications",
  {
    id: primaryId(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    type: notificationTypeEnum("type").default("info").notNull(),
    read: boolean("read").default(false).notNull(),
    /**
     * What the notice is about, when later news of the same thing should update it rather than add another
     * (new comments on one post: one notice per post per burst).
     */
    topic: text("topic"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt),
    // The hourly sweep deletes by age across all users (24-hour retention).
    index("notifications_created_at_idx").on(t.createdAt),
    index("notifications_user_id_topic_idx").on(t.userId, t.topic).where(sql`${t.topic} is not null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
