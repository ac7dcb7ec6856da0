import { metaPlatforms, type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/web";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { call, callOptions, client } from "@/lib/api";
import { connectionKeys } from "@/lib/connections";
import { fitText, type TextFit } from "@/lib/text-count";

/*
 * The brand's channels as the screens read them: every network the app publishes to (its limits, how it
 * connects, whether it can connect for real here) and the brand's connected accounts. Keys live under
 * ["brand", id] so a brand switch drops them with the brand's other data.
 */

export const channelKeys = {
  all: (brandId: string) => ["brand", brandId, "channels"] as const,
};

function fetchChannels(brandId: string, signal?: AbortSignal) {
  return call(client.api.channels.$get(undefined, callOptions({ brandId, signal })));
}

export type ChannelsView = Awaited<ReturnType<typeof fetchChannels>>;
/** A network as its provider declares it (limits, connect method, help), and whether it connects live. */
export type NetworkView = ChannelsView["networks"][number];
/** One connected account of the brand (never a token). */
export type ChannelView = ChannelsView["channels"][number];
export type TextLimitView = NetworkView["text"];

export type ConnectChannelRequest = {
  platform: PostPlatform;
  mode?: "live" | "sandbox";
  handle?: string;
  appPassword?: string;
  instance?: string;
  token?: string;
};

function connectChannel(brandId: string, body: ConnectChannelRequest) {
  return call(client.api.channels.connect.$post({ json: body }, callOptions({ brandId })));
}
export type ConnectChannelResult = Awaited<ReturnType<typeof connectChannel>>;

/** The brand's networks and accounts; every screen that counts text or names channels reads this. */
export function useChannels(brandId: string | undefined) {
  return useQuery({
    queryKey: channelKeys.all(brandId ?? "none"),
    queryFn: ({ signal }) => fetchChannels(brandId as string, signal),
    enabled: Boolean(brandId),
    staleTime: 60_000,
  });
}

/** Connect an account: the sandbox's at once, Bluesky with its app password, Mastodon through a redirect. */
export function useConnectChannel(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectChannelRequest) => connectChannel(brandId, body),
    onSuccess: (result) => {
      if (result.status === "connected")
        void queryClient.invalidateQueries({ queryKey: channelKeys.all(brandId) });
    },
  });
}

/** Disconnect the brand's account on a network (Facebook or Instagram: the page and both with it). */
export function useDisconnectChannel(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: PostPlatform) =>
      call(client.api.channels.disconnect.$post({ json: { platform } }, callOptions({ brandId }))),
    onSuccess: (view, platform) => {
      queryClient.setQueryData(channelKeys.all(brandId), view);
      if (isMetaNetwork(platform)) void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all(brandId) }),
  });
}

/** The consent page's answer (Mastodon): sent once per visit; the server refuses a used state. */
export function completeChannelConnection(input: { platform: PostPlatform; code: string; state: string }) {
  return call(client.api.channels.complete.$post({ json: input }));
}

// ---- reading the view ----

const isMetaNetwork = (platform: PostPlatform) =>
  (metaPlatforms as readonly PostPlatform[]).includes(platform);

export const isPostPlatform = (value: string | undefined): value is PostPlatform =>
  (postPlatforms as readonly string[]).includes(value ?? "");

export function channelFor(view: ChannelsView | undefined, platform: PostPlatform): ChannelView | null {
  return view?.channels.find((channel) => channel.platform === platform) ?? null;
}

export function networkFor(view: ChannelsView | undefined, platform: PostPlatform): NetworkView | null {
  return view?.networks.find((network) => network.platform === platform) ?? null;
}

/** The limits a post for this network is held to: the account's own when connected, else the network's. */
export function textLimitFor(view: ChannelsView | undefined, platform: PostPlatform): TextLimitView | null {
  return channelFor(view, platform)?.limits.text ?? networkFor(view, platform)?.text ?? null;
}

/** Where a network stands for the brand, as the pickers label it. */
export type ChannelStatus = "connected" | "sandbox" | "expired" | "not_connected";

export function channelStatus(view: ChannelsView | undefined, platform: PostPlatform): ChannelStatus {
  const channel = channelFor(view, platform);
  if (!channel) return "not_connected";
  if (channel.state === "expired") return "expired";
  return channel.sandbox ? "sandbox" : "connected";
}

/** A network as the channel picker offers it. */
export interface ChannelOption {
  platform: PostPlatform;
  label: string;
  /** "Sandbox", "Not connected", "Expired"; null for a connected account (or while the list loads). */
  tag: string | null;
  /** A version can be written for it, but approving it needs an account (Bluesky, Mastodon). */
  needsConnection: boolean;
}

/**
 * Every network, with where the brand stands on it. Facebook and Instagram without a page go to the
 * sandbox when the server has no Meta app (the embedded default); other networks need an account of their
 * own before a post for them can be approved.
 */
export function channelOptions(view: ChannelsView | undefined): ChannelOption[] {
  return postPlatforms.map((platform) => {
    const network = networkFor(view, platform);
    const label = network?.label ?? platformLabels[platform];
    if (!view) return { platform, label, tag: null, needsConnection: false };
    const meta = isMetaNetwork(platform);
    const status = channelStatus(view, platform);
    if (status === "expired") return { platform, label, tag: "Expired", needsConnection: !meta };
    if (status === "sandbox") return { platform, label, tag: "Sandbox", needsConnection: false };
    if (status === "connected") return { platform, label, tag: null, needsConnection: false };
    if (meta)
      return {
        platform,
        label,
        tag: network && !network.canConnectLive ? "Sandbox" : "Not connected",
        needsConnection: false,
      };
    return { platform, label, tag: "Not connected", needsConnection: true };
  });
}

/**
 * The networks a brand's lists can be filtered by: Facebook and Instagram always (the page connection's),
 * and every other network the brand has an account on, in the app's order.
 */
export function brandNetworks(view: ChannelsView | undefined): PostPlatform[] {
  return postPlatforms.filter((platform) => isMetaNetwork(platform) || channelFor(view, platform) !== null);
}

/** The brand's networks for filters, from the cached channels (Facebook and Instagram while loading). */
export function useBrandNetworks(brandId: string | undefined): PostPlatform[] {
  return brandNetworks(useChannels(brandId).data);
}

/** How a text fits a network, counted the network's way (the same count the server approves by). */
export function fitForNetwork(text: string, limit: TextLimitView): TextFit {
  return fitText(text, limit);
}

/** The line under an over-long text: what is over and by how much. */
export function overLimitReason(fit: TextFit, label: string, limit: TextLimitView): string {
  const over = fit.count - fit.max;
  if (over > 0)
    return `${over} ${over === 1 ? "character" : "characters"} over ${label}'s limit of ${fit.max}. Shorten it to approve.`;
  return `Over ${label}'s limit of ${limit.maxBytes ?? fit.max} bytes. Shorten it to approve.`;
}

/** A text's fit on a network for the brand, with the reason when it is over; null until the limits load. */
export function useTextFit(
  brandId: string,
  platform: PostPlatform | undefined,
  text: string,
  hasImage = false,
): { fit: TextFit; reason: string | null; note: string | null } | null {
  const view = useChannels(brandId).data;
  const limit = platform ? textLimitFor(view, platform) : null;
  if (!platform || !limit) return null;
  const fit = fitForNetwork(text, limit);
  return {
    fit,
    reason: fit.over ? overLimitReason(fit, platformLabels[platform], limit) : null,
    note: imageLimitNote(fit, limit, hasImage),
  };
}

/**
 * What the network does with a text longer than it takes beside an image (Telegram: a caption holds
 * 1,024 characters, so the text goes as a message with the image as its preview); null when it fits.
 */
export function imageLimitNote(fit: TextFit, limit: TextLimitView, hasImage: boolean): string | null {
  if (!hasImage || !limit.withImage || fit.over || fit.count <= limit.withImage.maxLength) return null;
  return limit.withImage.overLimit;
}
