import { z } from "zod";
import { CHOOSE_NETWORK, postPlatforms, publishNetworks } from "../posts/messages";
import { safeText } from "../text";
import { connectFieldNames, networkDescriptorSchema } from "./network-descriptor";

export const channelStates = ["connected", "expiring", "expired"] as const;

/** One connected account as the browser may see it: never a token. */
export const channelViewSchema = z
  .object({
    id: z.string(),
    platform: z.enum(postPlatforms),
    network: z.enum(publishNetworks).meta({
      description:
        "The provider it publishes through: the network itself, or the sandbox (offline, labelled).",
    }),
    sandbox: z.boolean(),
    name: z.string().nullable(),
    handle: z.string().nullable(),
    pictureUrl: z.string().nullable(),
    state: z.enum(channelStates),
    /** Days until the token expires, when it does (LinkedIn's 60 days); null when it never does. */
    expiresInDays: z.number().int().nullable(),
    /**
     * Pages the account administers, listed when its token carries the network's organization scope
     * (LinkedIn's Community Management API); posts go out as the account itself.
     */
    pages: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
    /** What this account takes (its own limits where the network has them: a Mastodon instance's). */
    limits: networkDescriptorSchema,
  })
  .meta({ id: "Channel" });
export type ChannelView = z.infer<typeof channelViewSchema>;

export const channelsViewSchema = z
  .object({
    /** Every network the app publishes to, as its provider declares it, and whether it can connect now. */
    networks: z.array(networkDescriptorSchema.extend({ canConnectLive: z.boolean() })),
    /** The brand's connected accounts, Facebook and Instagram included. */
    channels: z.array(channelViewSchema),
  })
  .meta({ id: "Channels" });
export type ChannelsView = z.infer<typeof channelsViewSchema>;

const optionalField = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .transform((value) => (value === "" ? undefined : value))
    .optional();

export const connectChannelInput = z.object({
  platform: z.enum(postPlatforms, { error: CHOOSE_NETWORK }),
  /** "sandbox": the sandbox's offline account for that network (labelled), nothing needed. */
  mode: z.enum(["live", "sandbox"]).default("live"),
  /** Bluesky: the handle (alice.bsky.social). */
  handle: optionalField(253),
  /** Bluesky: an app password (xxxx-xxxx-xxxx-xxxx), never the account's own password. */
  appPassword: optionalField(200),
  /** Mastodon: the instance (mastodon.social). */
  instance: optionalField(253),
  /** A secret the network issued: Telegram's bot token, a Discord channel's webhook URL. */
  token: optionalField(500),
});
export type ConnectChannelInput = z.input<typeof connectChannelInput>;

export const connectChannelResultSchema = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("connected"), channel: channelViewSchema, message: z.string() }),
    z.object({
      status: z.literal("redirect"),
      /** The network's consent page: open it; it sends the user back to /channels/callback. */
      url: z.string(),
      message: z.string(),
    }),
    z.object({
      status: z.literal("needs_input"),
      /** What is missing, so the chat can ask for it and the form can show it. */
      fields: z.array(z.enum(connectFieldNames)),
      message: z.string(),
    }),
    z.object({
      status: z.literal("elsewhere"),
      /** Facebook and Instagram connect through the Facebook tab (the spec's flow). */
      path: z.string(),
      message: z.string(),
    }),
  ])
  .meta({ id: "ConnectChannelResult" });
export type ConnectChannelResult = z.infer<typeof connectChannelResultSchema>;

export const completeChannelConnectionInput = z.object({
  platform: z.enum(postPlatforms),
  code: safeText().trim().min(1).max(2000),
  state: safeText().trim().min(1).max(200),
});
export type CompleteChannelConnectionInput = z.input<typeof completeChannelConnectionInput>;

export const disconnectChannelInput = z.object({
  platform: z.enum(postPlatforms, { error: CHOOSE_NETWORK }),
});
export type DisconnectChannelInput = z.input<typeof disconnectChannelInput>;
