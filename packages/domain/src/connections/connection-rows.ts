import { and, eq, inArray } from "drizzle-orm";
import type { BrandContext, DbExecutor, UserContext } from "../context";
import { type ConnectionProvider, socialConnections } from "../db/schema";
import { AppError } from "../errors";
import type { SocialConnectors } from "../ports";
import { asMetaNetwork } from "../posts/messages";
import { describeAdAccountStatus } from "./messages";
import type { ConnectionsView } from "./schemas";

export function requireConnectors(ctx: UserContext): SocialConnectors {
  if (!ctx.connectors) throw new AppError("internal", "Connections are not available here.");
  return ctx.connectors;
}

export async function readBrandConnections(db: DbExecutor, ctx: Pick<BrandContext, "userId" | "brandId">) {
  const rows = await db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, ctx.userId), eq(socialConnections.brandId, ctx.brandId)));
  const of = (provider: ConnectionProvider) => rows.find((row) => row.provider === provider) ?? null;
  return { page: of("facebook"), instagram: of("instagram"), adAccount: of("facebook_ads") };
}

export async function deleteBrandConnections(
  db: DbExecutor,
  ctx: Pick<BrandContext, "userId" | "brandId">,
  providers: ConnectionProvider[],
) {
  await db
    .delete(socialConnections)
    .where(
      and(
        eq(socialConnections.userId, ctx.userId),
        eq(socialConnections.brandId, ctx.brandId),
        inArray(socialConnections.provider, providers),
      ),
    );
}

/** The browser's view: never a token. */
export async function toConnectionsView(ctx: BrandContext): Promise<ConnectionsView> {
  const { page, instagram, adAccount } = await readBrandConnections(ctx.db, ctx);
  return {
    available: requireConnectors(ctx).current.kind,
    page: page
      ? {
          id: page.externalAccountId,
          name: page.name,
          pictureUrl: page.metadata.pictureUrl ?? null,
          category: page.metadata.category ?? null,
          network: asMetaNetwork(page.network),
          status: page.expiredAt ? "expired" : "connected",
          instagramAccountId: instagram?.externalAccountId ?? null,
        }
      : null,
    adAccount: adAccount
      ? {
          id: adAccount.metadata.graphId ?? `act_${adAccount.externalAccountId}`,
          accountId: adAccount.externalAccountId,
          name: adAccount.name,
          currency: adAccount.metadata.currency ?? null,
          statusText: describeAdAccountStatus(adAccount.metadata.accountStatus ?? 0),
          network: asMetaNetwork(adAccount.network),
          status: adAccount.expiredAt ? "expired" : "connected",
        }
      : null,
  };
}
