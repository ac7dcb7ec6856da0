import { randomBytes } from "node:crypto";
import type { BrandContext } from "../context";
import { oauthStates } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { readBrandConnections, requireConnectors } from "./connection-rows";
import { CONNECT_PAGE_FIRST, OAUTH_STATE_TTL_MS } from "./messages";
import {
  type ConnectionStart,
  connectionStartSchema,
  type StartFacebookConnectionInput,
  startFacebookConnectionInput,
} from "./schemas";

/**
 * Opens a round trip to the login dialog (Meta's, or the sandbox's consent page): a state of 256 random bits,
 * bound to the user and brand, single-use and good for 10 minutes, kept server-side so the callback can
 * only finish the round trip it started. The ad-account flow needs a connected page.
 */
export async function startFacebookConnection(
  ctx: BrandContext,
  input: StartFacebookConnectionInput = { flow: "page" },
): Promise<ConnectionStart> {
  const { flow } = parseInput(startFacebookConnectionInput, input);
  const connectors = requireConnectors(ctx);
  if (flow === "ads") {
    const { page } = await readBrandConnections(ctx.db, ctx);
    if (!page) throw new AppError("conflict", CONNECT_PAGE_FIRST);
  }
  const connector = connectors.current;
  const state = randomBytes(32).toString("base64url");
  const redirectUri = connectors.redirectUri(flow);
  await ctx.db.insert(oauthStates).values({
    state,
    userId: ctx.userId,
    brandId: ctx.brandId,
    provider: flow === "ads" ? "facebook_ads" : "facebook",
    redirectUri,
    network: connector.kind,
    expiresAt: new Date(ctx.now().getTime() + OAUTH_STATE_TTL_MS),
  });
  return { url: connector.dialogUrl({ flow, state, redirectUri }), network: connector.kind };
}

export const startFacebookConnectionUseCase = declareUseCase({
  name: "startFacebookConnection",
  description:
    "The login dialog URL for connecting a page (flow page) or an ad account (flow ads). The chat cannot open the popup: send the user to /facebook-connect instead.",
  scope: "brand",
  input: startFacebookConnectionInput,
  output: connectionStartSchema,
  run: startFacebookConnection,
});
