import { eq } from "drizzle-orm";
import type { BrandContext } from "../context";
import { connectionProviders, userProfiles } from "../db/schema";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { deleteBrandConnections, toConnectionsView } from "./connection-rows";
import { type ConnectionsView, connectionsViewSchema } from "./schemas";

/** Clears the brand's page, its Instagram account and its ad account, and the user's facebook_id. */
export async function disconnectFacebook(ctx: BrandContext): Promise<ConnectionsView> {
  await ctx.db.transaction(async (tx) => {
    await deleteBrandConnections(tx, ctx, [...connectionProviders]);
    await tx.update(userProfiles).set({ facebookId: null }).where(eq(userProfiles.userId, ctx.userId));
  });
  return toConnectionsView(ctx);
}

export const disconnectFacebookUseCase = declareUseCase({
  name: "disconnectFacebook",
  description:
    "Disconnect the brand's Facebook page, its Instagram account and its ad account. Ask the user to confirm first.",
  scope: "brand",
  input: noInput,
  output: connectionsViewSchema,
  run: disconnectFacebook,
});
