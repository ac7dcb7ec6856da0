import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Deps } from "../context";
import { socialConnections } from "../db/schema";
import { insertNotification, publishNotificationCreated } from "../notifications/notification";
import { isMetaPlatform, platformLabels, postPlatforms } from "../posts/messages";

const DAY_MS = 86_400_000;
/** The days before a token's end at which its user is told (issue 31: 7 days and 1 day before). */
export const EXPIRY_NOTICE_DAYS = [7, 1] as const;

export const connectionExpiringMessage = (label: string, days: number) =>
  `Your ${label} connection expires in ${days === 1 ? "1 day" : `${days} days`}. Reconnect it in Settings > Channels to keep posting; posts due after that wait until you do.`;

/**
 * Tells each user whose channel token ends soon (LinkedIn's 60 days; networks whose tokens renew do not
 * get here): once at 7 days, once more at 1 day. What was said is kept on the connection (a reconnect
 * makes a new row, so the next token is told about afresh); an hourly run sends each notice once.
 */
export async function warnExpiringConnections(deps: Pick<Deps, "db" | "events" | "now">): Promise<number> {
  const now = deps.now();
  const within = new Date(now.getTime() + EXPIRY_NOTICE_DAYS[0] * DAY_MS);
  const rows = await deps.db
    .select()
    .from(socialConnections)
    .where(
      and(
        isNotNull(socialConnections.tokenExpiresAt),
        gt(socialConnections.tokenExpiresAt, now),
        lte(socialConnections.tokenExpiresAt, within),
        isNull(socialConnections.expiredAt),
        or(isNull(socialConnections.expiryNoticeDays), gt(socialConnections.expiryNoticeDays, 1)),
      ),
    );
  let told = 0;
  for (const row of rows) {
    const platform = postPlatforms.find((candidate) => candidate === row.provider);
    if (!platform || isMetaPlatform(platform) || !row.tokenExpiresAt) continue;
    const daysLeft = Math.ceil((row.tokenExpiresAt.getTime() - now.getTime()) / DAY_MS);
    // The smallest threshold reached, if it was not said yet.
    const due = [...EXPIRY_NOTICE_DAYS].reverse().find((days) => daysLeft <= days);
    if (due === undefined || (row.expiryNoticeDays !== null && row.expiryNoticeDays <= due)) continue;
    const notification = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(socialConnections)
        .set({ expiryNoticeDays: due })
        .where(
          and(
            eq(socialConnections.id, row.id),
            row.expiryNoticeDays === null
              ? isNull(socialConnections.expiryNoticeDays)
              : eq(socialConnections.expiryNoticeDays, row.expiryNoticeDays),
          ),
        )
        .returning({ id: socialConnections.id });
      if (!claimed) return null;
      return insertNotification(tx, row.userId, {
        message: connectionExpiringMessage(platformLabels[platform], Math.max(1, daysLeft)),
        type: "info",
        createdAt: now,
      });
    });
    if (!notification) continue;
    told++;
    await publishNotificationCreated({ ...deps, userId: row.userId }, notification).catch(() => {});
  }
  return told;
}
