import { and, desc, eq } from "drizzle-orm";
import type { BrandContext, DbExecutor, UserContext } from "../context";
import { type SocialConnection, socialConnections } from "../db/schema";
import { AppError } from "../errors";
import type { ChannelConnectors, ConnectedAccount } from "../ports";
import { isMetaPlatform, type PostPlatform, postPlatforms } from "../posts/messages";
import { releasePostsWaitingForReconnect } from "../posts/release-waiting-posts";
import type { ChannelsView, ChannelView } from "./schemas";

const DAY_MS = 86_400_000;
/** A token this close to its end is shown as expiring (and the user told: issue 31's LinkedIn). */
export const EXPIRING_WITHIN_DAYS = 14;

export function requireChannels(ctx: UserContext): ChannelConnectors {
  if (!ctx.channels) throw new AppError("internal", "Channels cannot be connected here.");
  return ctx.channels;
}

/** The brand's newest connection per platform (the screens connect one account per network). */
export async function readChannelRows(
  db: DbExecutor,
  ctx: Pick<BrandContext, "userId" | "brandId">,
): Promise<Map<PostPlatform, SocialConnection>> {
  const rows = await db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, ctx.userId), eq(socialConnections.brandId, ctx.brandId)))
    .orderBy(desc(socialConnections.createdAt));
  const byPlatform = new Map<PostPlatform, SocialConnection>();
  for (const row of rows) {
    const platform = postPlatforms.find((candidate) => candidate === row.provider);
    if (platform && !byPlatform.has(platform)) byPlatform.set(platform, row);
  }
  return byPlatform;
}

async function toChannelView(
  ctx: BrandContext,
  platform: PostPlatform,
  row: SocialConnection,
): Promise<ChannelView> {
  const now = ctx.now().getTime();
  const expiresInDays = row.tokenExpiresAt
    ? Math.max(0, Math.ceil((row.tokenExpiresAt.getTime() - now) / DAY_MS))
    : null;
  const expired =
    row.expiredAt !== null || (row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() <= now);
  return {
    id: row.id,
    platform,
    network: row.network,
    sandbox: row.network === "sandbox",
    name: row.name,
    handle: row.metadata.handle ?? (row.metadata.username ? `@${row.metadata.username}` : null),
    pages: (row.metadata.organizations ?? []).map((page) => ({ id: page.urn, name: page.name })),
    pictureUrl: row.metadata.pictureUrl ?? null,
    state: expired
      ? "expired"
      : expiresInDays !== null && expiresInDays <= EXPIRING_WITHIN_DAYS
        ? "expiring"
        : "connected",
    expiresInDays,
    limits: await ctx.social.describe({ userId: ctx.userId, brandId: ctx.brandId, platform }),
  };
}

export async function toChannelsView(ctx: BrandContext): Promise<ChannelsView> {
  const channels = requireChannels(ctx);
  const rows = await readChannelRows(ctx.db, ctx);
  return {
    networks: channels
      .networks()
      .map((network) => ({ ...network, canConnectLive: channels.canConnectLive(network.platform) })),
    channels: await Promise.all([...rows].map(([platform, row]) => toChannelView(ctx, platform, row))),
  };
}

export async function channelViewOf(ctx: BrandContext, platform: PostPlatform): Promise<ChannelView> {
  const row = (await readChannelRows(ctx.db, ctx)).get(platform);
  if (!row) throw new AppError("not_found", "Channel not found");
  return toChannelView(ctx, platform, row);
}

/** Stores a connected account on the brand, replacing the brand's earlier account on that network. */
export async function saveChannel(
  ctx: Pick<BrandContext, "db" | "userId" | "brandId" | "now" | "events">,
  account: ConnectedAccount,
): Promise<void> {
  if (isMetaPlatform(account.platform))
    throw new Error("Facebook and Instagram connect through their own flow");
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, ctx.userId),
          eq(socialConnections.brandId, ctx.brandId),
          eq(socialConnections.provider, account.platform),
        ),
      );
    await tx.insert(socialConnections).values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      provider: account.platform,
      externalAccountId: account.externalAccountId,
      name: account.name,
      encryptedToken: account.sealedCredentials,
      tokenExpiresAt: account.tokenExpiresAt,
      scopes: account.scopes,
      metadata: { ...account.metadata, ...(account.pictureUrl ? { pictureUrl: account.pictureUrl } : {}) },
      network: account.network,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
  });
  await releasePostsWaitingForReconnect(ctx, [account.platform]);
}
