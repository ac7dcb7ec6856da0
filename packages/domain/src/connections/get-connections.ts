import type { BrandContext } from "../context";
import { toConnectionsView } from "./connection-rows";
import type { ConnectionsView } from "./schemas";

/** The brand's page, its Instagram account and its ad account, as the browser may see them. */
export async function getConnections(ctx: BrandContext): Promise<ConnectionsView> {
  return toConnectionsView(ctx);
}
