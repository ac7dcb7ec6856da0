import { z } from "zod";
import { safeText } from "../text";

/** The notification_type enum's values (db/schema/enums.ts); repeated so the web bundle needs no drizzle. */
export const notificationTypes = ["success", "error", "info"] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const MAX_NOTIFICATION_LENGTH = 1000;

export const createNotificationInput = z.object({
  message: safeText({ error: "Notification message is required" })
    .trim()
    .min(1, "Notification message is required")
    .max(
      MAX_NOTIFICATION_LENGTH,
      `Notification message must be at most ${MAX_NOTIFICATION_LENGTH} characters`,
    ),
  type: z.enum(notificationTypes, { error: "Type must be one of: success, error, info" }).default("info"),
});
export type CreateNotificationInput = z.input<typeof createNotificationInput>;

/** No ids marks every unread notification read (the bell's "mark all as read"). */
export const markNotificationsReadInput = z.object({
  ids: z
    .array(safeText({ error: "Notification ids must be text" }), { error: "ids must be an array" })
    .max(500)
    .optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInput>;

export const deleteNotificationInput = z.object({
  notificationId: safeText({ error: "Notification id is required" })
    .trim()
    .min(1, "Notification id is required"),
});
export type DeleteNotificationInput = z.infer<typeof deleteNotificationInput>;

/** A notification as the API returns it. */
export const notificationView = z
  .object({
    id: z.string(),
    message: z.string(),
    type: z.enum(notificationTypes),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type NotificationView = z.infer<typeof notificationView>;

export const notificationListView = z
  .object({
    notifications: z.array(notificationView).meta({ description: "Newest first, at most 100." }),
  })
  .meta({ id: "NotificationList" });
export type NotificationList = z.infer<typeof notificationListView>;

export const notificationsReadView = z
  .object({ updated: z.number().int().meta({ description: "How many unread notifications became read." }) })
  .meta({ id: "NotificationsRead" });
export type NotificationsRead = z.infer<typeof notificationsReadView>;
