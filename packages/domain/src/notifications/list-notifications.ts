import { desc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { notifications } from "../db/schema";
import { toNotificationView } from "./notification";
import type { NotificationView } from "./schemas";

/** Enough for a day's worth (they are kept 24 hours); a flood beyond that shows its newest part. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** The caller's notifications, newest first. */
export async function listNotifications(ctx: UserContext): Promise<{ notifications: NotificationView[] }> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, ctx.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return { notifications: rows.map(toNotificationView) };
}
