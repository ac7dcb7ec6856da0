import type { BrandContext } from "../context";
import { deleteBrandConnections, toConnectionsView } from "./connection-rows";
import type { ConnectionsView } from "./schemas";

/** Clears the brand's ad account (id, token, name and currency); the page stays. */
export async function disconnectAdAccount(ctx: BrandContext): Promise<ConnectionsView> {
  await deleteBrandConnections(ctx.db, ctx, ["facebook_ads"]);
  return toConnectionsView(ctx);
}
