import { lt } from "drizzle-orm";
import type { Db } from "../db";
import { inboxWebhookEvents } from "../db/schema";

/** Meta re-sends a webhook delivery for up to 36 hours: keys older than this can no longer come back. */
export const WEBHOOK_EVENT_RETENTION_MS = 3 * 86_400_000;

/** The hourly cleanup's share of the inbox: de-duplication keys past the networks' retry window. */
export async function deleteOldWebhookEvents(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(inboxWebhookEvents)
    .where(lt(inboxWebhookEvents.receivedAt, new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_MS)))
    .returning({ key: inboxWebhookEvents.key });
  return deleted.length;
}
