import type { BrandContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { toConnectionsView } from "./connection-rows";
import { type ConnectionsView, connectionsViewSchema } from "./schemas";

/** The brand's page, its Instagram account and its ad account, as the browser may see them. */
export async function getConnections(ctx: BrandContext): Promise<ConnectionsView> {
  return toConnectionsView(ctx);
}

export const getConnectionsUseCase = declareUseCase({
  name: "getConnections",
  description:
    "Whether the brand's Facebook page (and its Instagram account) and ad account are connected, with their names and whether they go to Meta or the sandbox network.",
  scope: "brand",
  input: noInput,
  output: connectionsViewSchema,
  run: getConnections,
});
