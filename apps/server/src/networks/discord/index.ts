import { fitText } from "@smm/domain/channels";
import type { ConnectionMetadata } from "@smm/domain/db/schema";
import { AppError } from "@smm/domain/errors";
import { z } from "zod";
import { checkMediaFits, checkVideoBytes, itemLabel } from "../media-fit";
import { defineNetworkModule, urlSetting } from "../network-module";
import type {
  NetworkProvider,
  OutgoingPost,
  ProviderAccount,
  ProviderConnection,
  ProviderTools,
  PublishedCopy,
} from "../provider";
import {
  DISCORD_ALT_TEXT_MAX,
  DISCORD_IMAGE_TYPES,
  DISCORD_MAX_IMAGE_BYTES,
  describeDiscord,
} from "./descriptor";
import {
  createDiscordApi,
  type DiscordAnswer,
  type DiscordApi,
  type DiscordWebhookRef,
  INVALID_WEBHOOK_TOKEN,
  LostAnswerError,
  UNKNOWN_MESSAGE,
  UNKNOWN_WEBHOOK,
  UPLOAD_TIMEOUT_MS,
} from "./discord-api";
import { DEFAULT_DISCORD_API_URL, parseWebhookUrl, storedWebhook } from "./webhook-url";

export { CONNECT_ASK, CONNECT_HELP, DISCORD_TEXT_LIMIT } from "./descriptor";
export { RATE_LIMITED_MESSAGE } from "./discord-api";
export { INVALID_WEBHOOK_URL, parseWebhookUrl } from "./webhook-url";

/** What a Discord connection keeps sealed: the channel webhook's URL, which is its whole secret. */
export interface DiscordCredentials {
  webhookUrl: string;
}

export interface DiscordProviderOptions {
  /** DISCORD_API_URL: https://discord.com/api, or the tests' fake. */
  apiUrl: string;
  tools: ProviderTools;
}

export const UNCONFIRMED_MESSAGE = "Unconfirmed: check your Discord channel";
export const WEBHOOK_GONE_MESSAGE =
  "Discord no longer has this webhook: reconnect the channel in Settings > Channels.";
export const UNKNOWN_WEBHOOK_MESSAGE =
  "Discord does not know this webhook: it may have been deleted. Copy the URL again from the channel's Integrations > Webhooks.";
export const NOT_INCOMING_MESSAGE =
  "This webhook cannot post messages: make a new one in the channel's Integrations > Webhooks and copy its URL.";
export const UNREACHABLE_MESSAGE = "Discord could not be reached. Please try again later.";
export const MESSAGE_GONE_MESSAGE = "Discord no longer has this message: it was deleted in the channel.";
const UNEXPECTED_MESSAGE = "Discord gave an unexpected answer.";
const TOO_LARGE_MESSAGE = "Discord refused the files as too large for this channel.";
/** Videos Discord plays inline (a video is a file like an image). */
export const DISCORD_VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"];

const webhookSchema = z.object({
  id: z.string().min(1),
  type: z.number().optional(),
  name: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  channel_id: z.string().nullable().optional(),
  guild_id: z.string().nullable().optional(),
});
const messageSchema = z.object({
  id: z.string().min(1),
  channel_id: z.string().optional(),
  timestamp: z.string().optional(),
});
type DiscordMessage = z.infer<typeof messageSchema>;
/** Webhook type 1 ("Incoming") is the one that posts with its token; 2 (channel follower) and 3 cannot. */
const INCOMING = 1;
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};
type ReadMedia = { kind: "image" | "video"; bytes: Uint8Array; mimeType: string; altText: string };

const withCommas = (value: number) => value.toLocaleString("en-US");
/** Discord's own words for a refusal (never the URL: its messages do not hold it). */
const refusedMessage = (answer: DiscordAnswer) =>
  answer.message
    ? `Discord refused: ${answer.message}${answer.code !== null ? ` (${answer.code})` : ""}.`
    : `Discord answered HTTP ${answer.status}.`;

/** Mentions stay text: a post never pings @everyone, a role or a member. */
const NO_PINGS = { parse: [] as string[] };

export function createDiscordProvider(options: DiscordProviderOptions): NetworkProvider<DiscordCredentials> {
  const { tools } = options;
  const api: DiscordApi = createDiscordApi({
    apiUrl: options.apiUrl,
    fetch: tools.guardedFetch,
    sleep: tools.sleep,
    now: tools.now,
  });

  /** The webhook a connection's credentials name; unreadable ones cannot post, so they ask for a reconnect. */
  async function webhookOf(connection: ProviderConnection<DiscordCredentials>): Promise<DiscordWebhookRef> {
    const webhook = storedWebhook(connection.credentials?.webhookUrl);
    if (webhook) return webhook;
    await connection.markExpired();
    throw new AppError("network_token_expired", WEBHOOK_GONE_MESSAGE);
  }

  /** The webhook was deleted (404 Unknown Webhook) or its token refused (401): never called again. */
  async function webhookGone(connection: ProviderConnection<DiscordCredentials>): Promise<never> {
    await connection.markExpired();
    throw new AppError("network_token_expired", WEBHOOK_GONE_MESSAGE);
  }

  const isWebhookRefused = (answer: DiscordAnswer) =>
    answer.status === 401 || answer.code === UNKNOWN_WEBHOOK || answer.code === INVALID_WEBHOOK_TOKEN;

  /** Outside a publish, a lost answer is a failed call the user may make again. */
  function settleLost(error: unknown): never {
    if (error instanceof LostAnswerError) throw new AppError("upstream_failed", UNREACHABLE_MESSAGE);
    throw error;
  }

  // ---- checks made before any call ----

  function checkText(content: string, hasImages: boolean) {
    const fit = fitText(content, describeDiscord("discord").text);
    if (fit.over) {
      throw new AppError(
        "text_over_limit",
        `The post is ${withCommas(fit.count)} characters long; Discord takes ${withCommas(fit.max)}.`,
      );
    }
    if (content.trim() === "" && !hasImages)
      throw new AppError("invalid_input", "Discord cannot send an empty message.");
  }

  /**
   * The post's images and videos, in order, read and checked before any call: up to 10 files (images and
   * videos mixed), each within Discord's 10 MB, with its alt text as the attachment's description.
   */
  async function readMedia(post: OutgoingPost): Promise<ReadMedia[]> {
    const descriptor = describeDiscord("discord");
    const rule = checkMediaFits(descriptor, post);
    const read: ReadMedia[] = [];
    for (const [index, image] of post.media.entries()) {
      if (image.altText.length > DISCORD_ALT_TEXT_MAX) {
        throw new AppError(
          "invalid_input",
          `${image.kind === "video" ? `${itemLabel(post.media, index)}'s` : "An image's"} alt text is longer than the ${withCommas(DISCORD_ALT_TEXT_MAX)} characters Discord takes.`,
        );
      }
      if (image.kind === "video") {
        if (!DISCORD_VIDEO_TYPES.includes(image.mimeType)) {
          throw new AppError(
            "media_not_fitting",
            `${itemLabel(post.media, index)} is ${image.mimeType}: Discord plays MP4, WebM and MOV videos.`,
          );
        }
        const { bytes, mimeType } = await image.read();
        checkVideoBytes(descriptor, rule, post.media, index, bytes.byteLength);
        read.push({ kind: "video", bytes, mimeType, altText: image.altText });
        continue;
      }
      const { bytes, mimeType } = await image.read();
      if (!(DISCORD_IMAGE_TYPES as readonly string[]).includes(mimeType)) {
        throw new AppError("invalid_input", `Discord does not take ${mimeType} images here.`);
      }
      if (bytes.byteLength > DISCORD_MAX_IMAGE_BYTES) {
        throw new AppError(
          "invalid_input",
          `An image is larger than the ${DISCORD_MAX_IMAGE_BYTES / 1_048_576} MB Discord takes.`,
        );
      }
      read.push({ kind: "image", bytes, mimeType, altText: image.altText });
    }
    return read;
  }

  // ---- publishing ----

  function copyOf(
    message: DiscordMessage,
    connection: ProviderConnection<DiscordCredentials>,
  ): PublishedCopy {
    const guildId = connection.metadata.guildId;
    const channelId = message.channel_id ?? connection.metadata.channelId;
    const publishedAt = message.timestamp ? new Date(message.timestamp) : null;
    return {
      externalId: message.id,
      url: guildId && channelId ? `https://discord.com/channels/${guildId}/${channelId}/${message.id}` : null,
      publishedAt: publishedAt && !Number.isNaN(publishedAt.getTime()) ? publishedAt : null,
    };
  }

  function executeRequest(content: string, images: ReadMedia[]) {
    const payload = { content, allowed_mentions: NO_PINGS };
    if (images.length === 0) return { json: payload, timeoutMs: undefined };
    const form = new FormData();
    const attachments = images.map((image, index) => ({
      id: index,
      filename: `${image.kind}-${index + 1}.${EXTENSIONS[image.mimeType] ?? "bin"}`,
      ...(image.altText.trim() !== "" ? { description: image.altText } : {}),
    }));
    form.append("payload_json", JSON.stringify({ ...payload, attachments }));
    images.forEach((image, index) => {
      form.append(
        `files[${index}]`,
        new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }),
        attachments[index]?.filename,
      );
    });
    return { form, timeoutMs: UPLOAD_TIMEOUT_MS };
  }

  /**
   * POST {webhook}?wait=true: Discord answers the message it made. There is no idempotency for webhooks
   * and no route lists a webhook's messages, so an answer lost on the way (no answer, a timeout, a 5xx) is
   * never sent again: the post is Unconfirmed for the user to check.
   */
  async function publish(connection: ProviderConnection<DiscordCredentials>, post: OutgoingPost) {
    checkText(post.content, post.media.length > 0);
    const images = await readMedia(post);
    const webhook = await webhookOf(connection);
    let answer: DiscordAnswer;
    try {
      answer = await api.send(webhook, {
        method: "POST",
        path: "",
        query: { wait: "true" },
        ...executeRequest(post.content, images),
      });
    } catch (error) {
      if (error instanceof LostAnswerError) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      throw error;
    }
    if (answer.status >= 200 && answer.status < 300) {
      const message = messageSchema.safeParse(answer.body);
      // Made (2xx), but without a readable id: only the channel can tell.
      if (!message.success) throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
      return copyOf(message.data, connection);
    }
    if (answer.status === 404 || isWebhookRefused(answer)) return webhookGone(connection);
    if (answer.status === 413 || answer.code === 40005)
      throw new AppError("upstream_failed", TOO_LARGE_MESSAGE);
    throw new AppError("upstream_failed", refusedMessage(answer));
  }

  /** Discord cannot be asked what a webhook posted: a lost attempt stays Unconfirmed, never sent twice. */
  async function findPublished(): Promise<PublishedCopy | null> {
    throw new AppError("publish_unconfirmed", UNCONFIRMED_MESSAGE);
  }

  async function deleteMessage(connection: ProviderConnection<DiscordCredentials>, externalId: string) {
    const webhook = await webhookOf(connection);
    const answer = await api
      .send(webhook, { method: "DELETE", path: `/messages/${encodeURIComponent(externalId)}` })
      .catch(settleLost);
    if (answer.status >= 200 && answer.status < 300) return;
    if (isWebhookRefused(answer)) return webhookGone(connection);
    // Unknown Message: already deleted in the channel.
    if (answer.status === 404 || answer.code === UNKNOWN_MESSAGE) return;
    throw new AppError("upstream_failed", refusedMessage(answer));
  }

  async function edit(
    connection: ProviderConnection<DiscordCredentials>,
    externalId: string,
    post: OutgoingPost,
  ) {
    checkText(post.content, true);
    const webhook = await webhookOf(connection);
    // Without `attachments`, the message keeps its files as they are.
    const answer = await api
      .send(webhook, {
        method: "PATCH",
        path: `/messages/${encodeURIComponent(externalId)}`,
        json: { content: post.content, allowed_mentions: NO_PINGS },
      })
      .catch(settleLost);
    if (answer.status >= 200 && answer.status < 300) return;
    if (isWebhookRefused(answer)) return webhookGone(connection);
    if (answer.status === 404 || answer.code === UNKNOWN_MESSAGE)
      throw new AppError("upstream_failed", MESSAGE_GONE_MESSAGE);
    throw new AppError("upstream_failed", refusedMessage(answer));
  }

  // ---- connecting ----

  async function start(request: { credentials: { token?: string | undefined } }) {
    const webhook = parseWebhookUrl(request.credentials.token, options.apiUrl);
    const answer = await api.send(webhook, { method: "GET", path: "" }).catch(settleLost);
    if (answer.status === 404 || answer.status === 401 || isWebhookRefused(answer)) {
      throw new AppError("invalid_input", UNKNOWN_WEBHOOK_MESSAGE, {
        issues: [{ path: "token", message: UNKNOWN_WEBHOOK_MESSAGE }],
      });
    }
    if (answer.status !== 200) throw new AppError("upstream_failed", refusedMessage(answer));
    const parsed = webhookSchema.safeParse(answer.body);
    if (!parsed.success || parsed.data.id !== webhook.id)
      throw new AppError("upstream_failed", UNEXPECTED_MESSAGE);
    const found = parsed.data;
    if (found.type !== undefined && found.type !== INCOMING) {
      throw new AppError("invalid_input", NOT_INCOMING_MESSAGE, {
        issues: [{ path: "token", message: NOT_INCOMING_MESSAGE }],
      });
    }
    const metadata: ConnectionMetadata = {
      host: "discord",
      ...(found.guild_id ? { guildId: found.guild_id } : {}),
      ...(found.channel_id ? { channelId: found.channel_id } : {}),
    };
    const account: ProviderAccount<DiscordCredentials> = {
      externalAccountId: found.id,
      name: found.name?.trim() || "Discord webhook",
      // Discord's answer names no channel; the webhook's name is what the user knows it by.
      handle: null,
      pictureUrl: found.avatar
        ? `https://cdn.discordapp.com/avatars/${found.id}/${encodeURIComponent(found.avatar)}.png`
        : null,
      credentials: { webhookUrl: webhook.url },
      tokenExpiresAt: null,
      scopes: [],
      metadata,
    };
    return { kind: "connected" as const, account };
  }

  return {
    id: "discord",
    label: "Discord",
    platforms: ["discord"],
    describe: (platform) => describeDiscord(platform),
    connect: { available: () => true, start },
    publish,
    findPublished,
    delete: deleteMessage,
    edit,
  };
}

export const discordModule = defineNetworkModule({
  id: "discord",
  env: {
    /** Discord's API (webhook URLs must be on its origin); the tests point it at their fake. */
    DISCORD_API_URL: urlSetting(DEFAULT_DISCORD_API_URL),
  },
  create: ({ env, tools }) => createDiscordProvider({ apiUrl: env.DISCORD_API_URL, tools }),
});
