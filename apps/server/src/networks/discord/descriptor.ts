import { formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { PostPlatform } from "@smm/domain/posts";

/** A message's `content`: 2,000 characters (Discord's limit; counted as JavaScript's length). */
export const DISCORD_TEXT_LIMIT = { maxLength: 2000, counting: "characters" } as const;
/** Files per message (commonly 10: UNCONFIRMED in the docs), 10 MiB each without a server boost. */
export const DISCORD_MAX_IMAGES = 10;
export const DISCORD_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const DISCORD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
/** An attachment's `description` (its alt text). */
export const DISCORD_ALT_TEXT_MAX = 1024;

export const CONNECT_HELP =
  "In Discord: Channel settings > Integrations > Webhooks > New Webhook > Copy Webhook URL, then paste it here.";
export const CONNECT_ASK =
  "To connect Discord I need the channel's webhook URL (Channel settings > Integrations > Webhooks > Copy Webhook URL).";

export function describeDiscord(platform: PostPlatform): NetworkDescriptor {
  return {
    platform,
    label: "Discord",
    connect: {
      method: "webhook_url",
      help: CONNECT_HELP,
      fields: [
        {
          name: "token",
          label: "Webhook URL",
          placeholder: "https://discord.com/api/webhooks/...",
          secret: true,
        },
      ],
      ask: CONNECT_ASK,
    },
    text: { ...DISCORD_TEXT_LIMIT },
    media: {
      maxImages: DISCORD_MAX_IMAGES,
      maxImageBytes: DISCORD_MAX_IMAGE_BYTES,
      imageTypes: [...DISCORD_IMAGE_TYPES],
      altTextMaxLength: DISCORD_ALT_TEXT_MAX,
    },
    formats: [
      formatRule("feed", { maxItems: 1, videos: true, maxVideoBytes: DISCORD_MAX_IMAGE_BYTES }),
      formatRule("carousel", {
        maxItems: DISCORD_MAX_IMAGES,
        videos: true,
        mixed: true,
        maxVideoBytes: DISCORD_MAX_IMAGE_BYTES,
      }),
    ],
    nativeScheduling: null,
    exactlyOnce: "none",
    capabilities: {
      edit: true,
      delete: true,
      insights: false,
      ads: false,
      replies: false,
      firstComment: null,
      inbox: null,
    },
    style: {
      maxHashtags: 2,
      habitHashtags: 0,
      voice: "feed",
      habits:
        "Discord posts land in a community channel: write a friendly announcement of a few short lines (Markdown such as **bold** renders), no hashtags, and a link where it helps (it unfolds into a preview).",
      // Community channels are busiest in the (European and American) evenings, earlier at weekends (UTC).
      postingHoursUtc: [17, 19, 19, 19, 19, 19, 17],
    },
  };
}
