/*
 * The offline assistant's understanding of channels beyond the Facebook page: "connect my Mastodon account
 * on mastodon.social", "connect Telegram with bot token 123:AA... to @acme", "connect a sandbox Bluesky
 * account", "which channels are connected?", "disconnect Bluesky", and writing for several networks: "post
 * this to Bluesky and Mastodon too", "create a post about our autumn menu for every network". Networks are
 * the catalog's: a new one is understood by its name without a line here.
 */

import { type PostPlatform, platformLabels, postPlatforms } from "@smm/domain/posts";
import {
  formatWhen,
  type OfferedTools,
  type ToolCallIntent,
  type ToolName,
  type ToolOutput,
} from "./tool-call";

export type ChannelTurnDecision = { kind: "call"; call: ToolCallIntent } | { kind: "say"; text: string };

/** The networks connected through Settings > Channels (Facebook and Instagram have their own intents). */
const CHANNEL_NETWORKS: readonly PostPlatform[] = postPlatforms.filter(
  (platform) => platform !== "facebook" && platform !== "instagram",
);

const NETWORK_NAMES = postPlatforms.join("|");
/** "every network", "all channels", "all eight networks", "everywhere". */
const EVERY_NETWORK =
  /\b(?:every|each|all(?:\s+(?:of\s+)?(?:my|the|our))?(?:\s+\w+)?)\s+(?:networks?|channels?)\b|\beverywhere\b/;

const mentioned = (lower: string): PostPlatform[] =>
  postPlatforms.filter((platform) => new RegExp(String.raw`\b${platform}\b`).test(lower));

const APP_PASSWORD = /\b([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})\b/i;
const INSTANCE = /\b(?:on|at|instance)\s+(?:https?:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;
const REMOTE_HANDLE = /@[a-z0-9_]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;
const DOMAIN_HANDLE = /@?\b([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})\b/i;
/** A Telegram channel: @name, or a private channel's -100... id. */
const CHANNEL_NAME = /(?:^|\s)(@[a-z][a-z0-9_]{3,}|-100\d{6,})\b/i;
/** Secrets a network issued: a Telegram bot token, a Discord webhook URL. */
const BOT_TOKEN = /\b(\d{5,12}:[A-Za-z0-9_-]{20,})\b/;
const WEBHOOK_URL = /\b(https?:\/\/\S+\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+)/;

/** The topic of "... about X (for Bluesky and Mastodon)". */
function topicOf(text: string): string {
  const about = text.match(
    new RegExp(
      String.raw`\babout\s+(.+?)(?:\s+(?:(?:for|on|to)\s+(?:${NETWORK_NAMES}|every|each|all)\b.*|everywhere\b.*))?[.!?]*$`,
      "i",
    ),
  );
  return about?.[1]?.trim().replace(/^["“]|["”]$/g, "") ?? "";
}

/**
 * What a connect request carries, by its shape (the network's descriptor says which it needs; the tool
 * asks for what is missing): an instance, a secret (token or webhook URL), an app password, a handle.
 */
function credentialsIn(text: string, platform: PostPlatform): Record<string, string> {
  const found: Record<string, string> = {};
  const secret = text.match(WEBHOOK_URL)?.[1] ?? text.match(BOT_TOKEN)?.[1];
  if (secret) found.token = secret;
  const password = text.match(APP_PASSWORD)?.[1];
  if (password) found.appPassword = password;
  const rest = text.replace(WEBHOOK_URL, " ").replace(BOT_TOKEN, " ").replace(APP_PASSWORD, " ");
  if (platform === "mastodon") {
    const instance = rest.match(REMOTE_HANDLE)?.[1] ?? rest.match(INSTANCE)?.[1];
    if (instance) found.instance = instance.toLowerCase();
    return found;
  }
  const channel = rest.match(CHANNEL_NAME)?.[1];
  const handle = channel ?? rest.match(DOMAIN_HANDLE)?.[1];
  if (handle) found.handle = channel ? handle : handle.toLowerCase();
  return found;
}

/** The decision for a channel request, or null when the message is about something else. */
export function decideChannelTurn(
  text: string,
  tools: OfferedTools,
  lastPostPrompt: string | null,
): ChannelTurnDecision | null {
  const lower = text.toLowerCase();
  const networks = mentioned(lower);
  const channelNetworks = networks.filter((platform) => CHANNEL_NETWORKS.includes(platform));
  const cannot = (what: string) => ({ kind: "say" as const, text: `I can't ${what} in this version yet.` });
  const call = (toolName: ToolName, input: Record<string, unknown>): ChannelTurnDecision => ({
    kind: "call",
    call: { toolName, input },
  });

  if (
    /\b(?:which|what|list|show)\b.*\bchannels?\b/.test(lower) ||
    (/\bis\b.*\bconnected\b/.test(lower) && channelNetworks.length > 0)
  ) {
    if (!tools.has("listChannels")) return cannot("list your channels");
    return call("listChannels", {});
  }
  const [channel] = channelNetworks;
  if (channel && /\b(?:disconnect|unlink)\b|\bremove\b.*\baccount\b/.test(lower)) {
    if (!tools.has("disconnectChannel")) return cannot("disconnect channels");
    return call("disconnectChannel", { platform: channel });
  }
  if (channel && /\b(?:connect|link|add)\b/.test(lower) && !/\bpost\b/.test(lower)) {
    if (!tools.has("connectChannel")) return cannot("connect channels");
    const input: Record<string, unknown> = { platform: channel };
    if (/\bsandbox\b/.test(lower)) input.mode = "sandbox";
    else Object.assign(input, credentialsIn(text, channel));
    return call("connectChannel", input);
  }
  // Writing for networks: "post this to Bluesky and Mastodon too", "create a post about X for Bluesky".
  const everyNetwork = EVERY_NETWORK.test(lower);
  if (
    (channelNetworks.length > 0 || everyNetwork) &&
    /\b(?:post|share|publish|cross-?post|write|create|generate|make|draft)\b/.test(lower) &&
    !/\bideas?\b|\bcampaign\b/.test(lower)
  ) {
    if (!tools.has("generatePost")) return cannot("create posts");
    const refersBack = /\b(?:this|it|that)\b/.test(lower) && !/\babout\b/.test(lower);
    const prompt = refersBack ? (lastPostPrompt ?? "") : topicOf(text);
    const channels = everyNetwork ? [...postPlatforms] : networks;
    return call("generatePost", { channels, ...(prompt ? { prompt } : {}) });
  }
  return null;
}

function describeChannels(value: ToolOutput<"listChannels">): string {
  if (value.channels.length === 0)
    return "No channel is connected to this brand yet. Say “connect my Mastodon account on mastodon.social”, “connect Bluesky”, or “connect a sandbox Bluesky account” to try it offline.";
  const lines = value.channels.map((channel) => {
    const who = channel.handle ?? channel.name ?? "connected";
    const state =
      channel.state === "expired"
        ? " (expired: reconnect it in Settings > Channels)"
        : channel.state === "expiring"
          ? ` (expires in ${channel.expiresInDays} days)`
          : "";
    return `- ${platformLabels[channel.platform]}: ${who}${channel.sandbox ? " (sandbox, offline)" : ""}${state}`;
  });
  return `Connected channels:\n${lines.join("\n")}`;
}

/** The reply once a channel tool has run, or null for other tools. */
export function describeChannelOutcome(toolName: ToolName, result: unknown): string | null {
  switch (toolName) {
    case "listChannels":
      return describeChannels(result as ToolOutput<"listChannels">);
    case "connectChannel": {
      const value = result as ToolOutput<"connectChannel">;
      if (value.status === "redirect") return `${value.message}\n\n[Allow access](${value.url})`;
      return value.message;
    }
    case "disconnectChannel":
      return "Done: that channel is disconnected from this brand.";
    case "generatePost": {
      const value = result as ToolOutput<"generatePost">;
      if (!value.group) return null;
      const names = value.group.map((post) => platformLabels[post.platform]).join(", ");
      return `I'm writing ${value.group.length} posts, one for each channel (${names}), each for its network. You can follow them here; they wait for your approval, one by one or all together.`;
    }
    case "approvePostGroup": {
      const { posts } = result as ToolOutput<"approvePostGroup">;
      const approved = posts.filter((post) => post.status === "approved");
      const names = approved.map((post) => platformLabels[post.platform]).join(", ");
      const when = approved.find((post) => post.scheduledDate)?.scheduledDate;
      const published = approved.every((post) => post.state === "published");
      if (approved.length === 0) return "None of those posts could be approved yet (still being written?).";
      return published
        ? `Done: ${approved.length} posts approved and published (${names}).`
        : when
          ? `Done: ${approved.length} posts approved and scheduled for ${formatWhen(when)} (${names}). You'll find them on the Calendar.`
          : `Done: ${approved.length} posts approved (${names}).`;
    }
    default:
      return null;
  }
}
