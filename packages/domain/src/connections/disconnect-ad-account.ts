import type { BrandContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { deleteBrandConnections, toConnectionsView } from "./connection-rows";
import { type ConnectionsView, connectionsViewSchema } from "./schemas";

/** Clears the brand's ad account (id, token, name and currency); the page stays. */
export async function disconnectAdAccount(ctx: BrandContext): Promise<ConnectionsView> {
  await deleteBrandConnections(ctx.db, ctx, ["facebook_ads"]);
  return toConnectionsView(ctx);
}

export const disconnectAdAccountUseCase = declareUseCase({
  name: "disconnectAdAccount",
  description: "Disconnect the brand's ad account; the page stays connected.",
  scope: "brand",
  input: noInput,
  output: connectionsViewSchema,
  run: disconnectAdAccount,
});
