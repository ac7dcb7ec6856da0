import type { BrandContext } from "../context";
import { platforms, socialConnections } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { asMetaNetwork } from "../posts/messages";
import { releasePostsWaitingForReconnect } from "../posts/release-waiting-posts";
import { declareUseCase } from "../use-case";
import { deleteBrandConnections, requireConnectors, toConnectionsView } from "./connection-rows";
import { AUTH_FAILED, connectedPageMessage, PAGE_NOT_FOUND } from "./messages";
import { closePendingChoices, readPendingChoices } from "./pending-choices";
import {
  type ConnectedPage,
  type ConnectFacebookPageInput,
  connectedPageSchema,
  connectFacebookPageInput,
} from "./schemas";

/**
 * Stores the picked page (from the brand's latest exchange) with the brand: its sealed token server-side,
 * the network the round trip went to, and the page's linked Instagram business account. Replaces any page
 * the brand had; the brand's posts go to this page's network from now on.
 */
export async function connectFacebookPage(
  ctx: BrandContext,
  input: ConnectFacebookPageInput,
): Promise<ConnectedPage> {
  const { pageId } = parseInput(connectFacebookPageInput, input);
  const pending = await readPendingChoices(ctx, "facebook");
  const page = pending?.row.choices?.pages?.find((choice) => choice.id === pageId);
  const sealedToken = pending?.tokens.pages[pageId];
  if (!pending || !page || !sealedToken) throw new AppError("not_found", PAGE_NOT_FOUND);
  const connector = requireConnectors(ctx).byKind(asMetaNetwork(pending.row.network));
  if (!connector) throw new AppError("upstream_failed", AUTH_FAILED);
  const instagramId = await connector.readInstagramAccount({ pageId, sealedPageToken: sealedToken });

  const network = pending.row.network;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await deleteBrandConnections(tx, ctx, [...platforms]);
    await tx.insert(socialConnections).values({
      userId: ctx.userId,
      brandId: ctx.brandId,
      provider: "facebook",
      externalAccountId: page.id,
      name: page.name,
      encryptedToken: sealedToken,
      network,
      metadata: {
        ...(page.category ? { category: page.category } : {}),
        ...(page.pictureUrl ? { pictureUrl: page.pictureUrl } : {}),
        tasks: page.tasks ?? [],
      },
      createdAt: now,
      updatedAt: now,
    });
    if (instagramId) {
      // Instagram publishing uses the page's token (Facebook Login), so the same envelope is kept with it.
      await tx.insert(socialConnections).values({
        userId: ctx.userId,
        brandId: ctx.brandId,
        provider: "instagram",
        externalAccountId: instagramId,
        name: page.name,
        encryptedToken: sealedToken,
        network,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  await closePendingChoices(ctx, pending.row);
  await releasePostsWaitingForReconnect(ctx, instagramId ? ["facebook", "instagram"] : ["facebook"]);
  return { ...(await toConnectionsView(ctx)), message: connectedPageMessage(page.name) };
}

export const connectFacebookPageUseCase = declareUseCase({
  name: "connectFacebookPage",
  description:
    "Connect one of the pages found by the last Facebook connection (by its id) to the brand, with its linked Instagram account.",
  scope: "brand",
  input: connectFacebookPageInput,
  output: connectedPageSchema,
  run: connectFacebookPage,
});
