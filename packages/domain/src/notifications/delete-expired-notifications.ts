import { lt } from "drizzle-orm";
import type { Db } from "../db/database";
import { notifications } from "../db/schema";

/** Notifications are kept for 24 hours (spec section 9). */
export const NOTIFICATION_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function deleteExpiredNotifications(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_RETENTION_MS);
  const deleted = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, cutoff))
    .returning({ id: notifications.id });
  return deleted.length;
}
