import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Deps } from "../context";
import { type ConnectionProvider, socialConnections } from "../db/schema";
import { insertNotification, publishNotificationCreated } from "../notifications/notification";
import { metaPlatforms, type PostPlatform, platformLabels } from "../posts/messages";
import { AD_ACCOUNT_CONNECTION_EXPIRED, CONNECTION_EXPIRED } from "./messages";

/**
 * Which token a network refused: Meta's page token (the page and its Instagram account), the ad account's,
 * or one channel's (a Bluesky or Mastodon account).
 */
export type ExpiredToken = "page" | "ad_account" | { platform: PostPlatform };

export const channelConnectionExpired = (platform: PostPlatform) =>
  `Your ${platformLabels[platform]} connection has expired. Please reconnect it in Settings > Channels.`;

const EXPIRING: Record<"page" | "ad_account", { providers: ConnectionProvider[]; message: string }> = {
  page: { providers: [...metaPlatforms], message: CONNECTION_EXPIRED },
  ad_account: { providers: ["facebook_ads"], message: AD_ACCOUNT_CONNECTION_EXPIRED },
};

/**
 * Meta answered code 190 to one of this brand's tokens: the connections that use it are marked expired and
 * the user asked, once, to reconnect (later failures on the same expired connection add no notification).
 */
export async function markConnectionExpired(
  deps: Pick<Deps, "db" | "events" | "now">,
  who: { userId: string; brandId: string },
  token: ExpiredToken = "page",
): Promise<void> {
  const { providers, message } =
    typeof token === "string"
      ? EXPIRING[token]
      : { providers: [token.platform], message: channelConnectionExpired(token.platform) };
  const notification = await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(socialConnections)
      .set({ expiredAt: deps.now() })
      .where(
        and(
          eq(socialConnections.userId, who.userId),
          eq(socialConnections.brandId, who.brandId),
          inArray(socialConnections.provider, providers),
          isNull(socialConnections.expiredAt),
        ),
      )
      .returning({ id: socialConnections.id });
    if (marked.length === 0) return null;
    return insertNotification(tx, who.userId, {
      message,
      type: "error",
      createdAt: deps.now(),
    });
  });
  if (notification)
    await publishNotificationCreated({ ...deps, userId: who.userId }, notification).catch(() => {});
}
