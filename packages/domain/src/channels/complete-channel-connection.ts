import { and, eq } from "drizzle-orm";
import { claimOAuthRound } from "../connections/claim-oauth-round";
import type { BrandContext, UserContext } from "../context";
import { oauthStates } from "../db/schema";
import { AppError } from "../errors";
import { parseInput } from "../parse-input";
import { platformLabels } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { channelViewOf, requireChannels, saveChannel } from "./channel-rows";
import {
  type CompleteChannelConnectionInput,
  type ConnectChannelResult,
  completeChannelConnectionInput,
  connectChannelResultSchema,
} from "./schemas";

/**
 * The consent page sent the user back with a code: the state must be one this user started for that
 * network, unused and under 10 minutes old; it is consumed before the code is exchanged, so a replayed
 * callback changes nothing. The account goes to the brand the round trip started on.
 */
export async function completeChannelConnection(
  ctx: UserContext,
  input: CompleteChannelConnectionInput,
): Promise<ConnectChannelResult> {
  const { platform, code, state } = parseInput(completeChannelConnectionInput, input);
  const label = platformLabels[platform];
  const [round] = await ctx.db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.state, state),
        eq(oauthStates.userId, ctx.userId),
        eq(oauthStates.provider, platform),
      ),
    );
  if (!round?.encryptedTokens) throw new AppError("invalid_input", `${label} authentication failed`);
  await claimOAuthRound(ctx, round);

  const account = await requireChannels(ctx).complete({
    platform,
    code,
    sealedPending: round.encryptedTokens,
    redirectUri: round.redirectUri,
  });
  const brandCtx: BrandContext = { ...ctx, brandId: round.brandId };
  await saveChannel(brandCtx, account);
  const channel = await channelViewOf(brandCtx, platform);
  return {
    status: "connected",
    channel,
    message: `Connected ${label} as ${channel.handle ?? channel.name ?? "your account"}.`,
  };
}

export const completeChannelConnectionUseCase = declareUseCase({
  name: "completeChannelConnection",
  description:
    "The last step of connecting a Mastodon (OAuth) account: the code and state the network's consent page sent back to /channels/callback. The chat never needs it.",
  scope: "user",
  input: completeChannelConnectionInput,
  output: connectChannelResultSchema,
  run: completeChannelConnection,
});
