import type { Db } from "@smm/domain/db";
import { deleteOldWebhookEvents } from "@smm/domain/inbox";
import { deleteExpiredNotifications } from "@smm/domain/notifications";
import type { Logger } from "../lib/logger";

export const CLEANUP_QUEUE = "cleanup";
/** Hourly, on the hour (spec: notifications older than 24 h are deleted hourly). */
export const CLEANUP_CRON = "0 * * * *";

export async function runCleanup(db: Db, logger: Logger, now = new Date()): Promise<void> {
  const notifications = await deleteExpiredNotifications(db, now);
  const webhookEvents = await deleteOldWebhookEvents(db, now);
  logger.info("cleanup done", { notificationsDeleted: notifications, webhookEventsDeleted: webhookEvents });
}
