import { and, eq } from "drizzle-orm";
import { disconnectFacebook } from "../connections/disconnect-facebook";
import type { BrandContext } from "../context";
import { socialConnections } from "../db/schema";
import { parseInput } from "../parse-input";
import { isMetaPlatform } from "../posts/messages";
import { declareUseCase } from "../use-case";
import { toChannelsView } from "./channel-rows";
import {
  type ChannelsView,
  channelsViewSchema,
  type DisconnectChannelInput,
  disconnectChannelInput,
} from "./schemas";

/**
 * Removes the brand's account on that network (its stored credentials with it). Facebook and Instagram
 * share the page connection, so either disconnects both, as the Facebook tab does.
 */
export async function disconnectChannel(
  ctx: BrandContext,
  input: DisconnectChannelInput,
): Promise<ChannelsView> {
  const { platform } = parseInput(disconnectChannelInput, input);
  if (isMetaPlatform(platform)) await disconnectFacebook(ctx);
  else
    await ctx.db
      .delete(socialConnections)
      .where(
        and(
          eq(socialConnections.userId, ctx.userId),
          eq(socialConnections.brandId, ctx.brandId),
          eq(socialConnections.provider, platform),
        ),
      );
  return toChannelsView(ctx);
}

export const disconnectChannelUseCase = declareUseCase({
  name: "disconnectChannel",
  description:
    "Disconnect the brand's account on a network (bluesky, mastodon...; facebook or instagram disconnects the page and its Instagram account). Ask the user to confirm first.",
  scope: "brand",
  input: disconnectChannelInput,
  output: channelsViewSchema,
  run: disconnectChannel,
});
