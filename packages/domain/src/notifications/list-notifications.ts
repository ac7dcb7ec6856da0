import { desc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { notifications } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { toNotificationView } from "./notification";
import { type NotificationList, notificationListView } from "./schemas";

/** Enough for a day's worth (they are kept 24 hours); a flood beyond that shows its newest part. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** The caller's notifications, newest first. */
export async function listNotifications(ctx: UserContext): Promise<NotificationList> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, ctx.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return { notifications: rows.map(toNotificationView) };
}

export const listNotificationsUseCase = declareUseCase({
  name: "listNotifications",
  description: "The user's notifications of the last 24 hours, newest first.",
  scope: "user",
  input: noInput,
  output: notificationListView,
  run: listNotifications,
});
