import type { DbExecutor, UserContext } from "../context";
import { notifications } from "../db/schema";
import type { NotificationType as StoredNotificationType } from "../db/schema/enums";
import type { Notification } from "../db/schema/notifications";
import type { NotificationType, NotificationView } from "./schemas";

// Fails to compile if the web-safe copy of the enum drifts from the database's.
const sameTypes: [NotificationType, StoredNotificationType] extends [StoredNotificationType, NotificationType]
  ? true
  : never = true;
void sameTypes;

export const NOTIFICATION_NOT_FOUND = "Notification not found";

export function toNotificationView(row: Notification): NotificationView {
  return {
    id: row.id,
    message: row.message,
    type: row.type,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Inserts without publishing, for use cases that notify inside their own transaction. */
export async function insertNotification(
  db: DbExecutor,
  userId: string,
  values: {
    message: string;
    type: NotificationView["type"];
    createdAt: Date;
    /** What it is about, when later news of the same thing updates it (notifications.topic). */
    topic?: string | undefined;
  },
): Promise<NotificationView> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      message: values.message,
      type: values.type,
      createdAt: values.createdAt,
      topic: values.topic ?? null,
    })
    .returning();
  if (!row) throw new Error("notification insert returned no row");
  return toNotificationView(row);
}

/** Pushes a committed notification to the user's open pages (a toast and the bell). */
export async function publishNotificationCreated(
  ctx: Pick<UserContext, "events" | "userId">,
  notification: NotificationView,
): Promise<void> {
  await ctx.events.publish(ctx.userId, {
    type: "notification.created",
    notification: {
      id: notification.id,
      message: notification.message,
      kind: notification.type,
      createdAt: notification.createdAt,
    },
  });
}
