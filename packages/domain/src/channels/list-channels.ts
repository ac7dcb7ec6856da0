import type { BrandContext } from "../context";
import { noInput } from "../no-input";
import { declareUseCase } from "../use-case";
import { toChannelsView } from "./channel-rows";
import { type ChannelsView, channelsViewSchema } from "./schemas";

/** The networks the app publishes to and the brand's connected accounts, with their state and limits. */
export async function listChannels(ctx: BrandContext): Promise<ChannelsView> {
  return toChannelsView(ctx);
}

export const listChannelsUseCase = declareUseCase({
  name: "listChannels",
  description:
    "The brand's connected channels (Facebook, Instagram, Bluesky, Mastodon...): each account's name, handle, state (connected, expiring in N days, expired), whether it is a sandbox account, and the network's limits; plus every network the app can connect.",
  scope: "brand",
  input: noInput,
  output: channelsViewSchema,
  run: listChannels,
});
