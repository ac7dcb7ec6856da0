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
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt),
    // The hourly sweep deletes by age across all users (24-hour retention).
    index("notifications_created_at_idx").on(t.createdAt),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
