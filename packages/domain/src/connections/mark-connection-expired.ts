import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import { socialConnections } from "../db/schema";
import { insertNotification, publishNotificationCreated } from "../notifications/notification";
import { CONNECTION_EXPIRED } from "./messages";

/**
 * Meta answered code 190 for this brand's page: the connection is marked expired and the user asked, once,
 * to reconnect (later failures on the same expired connection add no notification).
 */
export async function markConnectionExpired(
  deps: Pick<Deps, "db" | "events" | "now">,
  who: { userId: string; brandId: string },
): Promise<void> {
  const notification = await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(socialConnections)
      .set({ expiredAt: deps.now() })
      .where(
        and(
          eq(socialConnections.userId, who.userId),
          eq(socialConnections.brandId, who.brandId),
          isNull(socialConnections.expiredAt),
        ),
      )
      .returning({ id: socialConnections.id });
    if (marked.length === 0) return null;
    return insertNotification(tx, who.userId, {
      message: CONNECTION_EXPIRED,
      type: "error",
      createdAt: deps.now(),
    });
  });
  if (notification)
    await publishNotificationCreated({ ...deps, userId: who.userId }, notification).catch(() => {});
}
