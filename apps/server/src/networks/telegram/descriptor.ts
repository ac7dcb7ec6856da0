import { formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { PostPlatform } from "@smm/domain/posts";

/**
 * Telegram's limits (contracts/networks.md section 3): a message's text 1-4,096 characters, a photo's caption
 * 0-1,024. Entity offsets are UTF-16 units and the limits are taken the same way (the contract leaves the
 * unit UNCONFIRMED): "characters" counts UTF-16 units, as JavaScript's length does.
 */
export const TELEGRAM_TEXT_LIMIT = { maxLength: 4096, counting: "characters" } as const;
export const TELEGRAM_CAPTION_LIMIT = { maxLength: 1024, counting: "characters" } as const;
export const TELEGRAM_MAX_IMAGES = 10;
/** Photos uploaded with multipart: 10 MB ("Sending files"). */
export const TELEGRAM_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TELEGRAM_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** A photo's width + height, and the longer side over the shorter one, at most (sendPhoto). */
export const TELEGRAM_MAX_PHOTO_SIDES = 10_000;
export const TELEGRAM_MAX_PHOTO_RATIO = 20;

export const OVER_CAPTION_WITH_IMAGE =
  "Longer than 1,024 characters with an image: Telegram gets the text as a message with the image as its link preview above it.";
export const CONNECT_HELP =
  'Make a bot with @BotFather (/newbot) and copy its token, then add the bot to your channel as an administrator with "Post messages".';
export const CONNECT_ASK =
  "To connect Telegram I need your bot's token (from @BotFather) and the channel's @name; add the bot to the channel as an administrator with Post messages first.";

export function describeTelegram(platform: PostPlatform): NetworkDescriptor {
  return {
    platform,
    label: "Telegram",
    connect: {
      method: "bot_token",
      help: CONNECT_HELP,
      fields: [
        { name: "token", label: "Bot token", placeholder: "123456789:AA...", secret: true },
        { name: "handle", label: "Channel", placeholder: "@yourchannel", secret: false },
      ],
      ask: CONNECT_ASK,
    },
    text: {
      ...TELEGRAM_TEXT_LIMIT,
      withImage: { maxLength: TELEGRAM_CAPTION_LIMIT.maxLength, overLimit: OVER_CAPTION_WITH_IMAGE },
    },
    media: {
      maxImages: TELEGRAM_MAX_IMAGES,
      maxImageBytes: TELEGRAM_MAX_IMAGE_BYTES,
      imageTypes: [...TELEGRAM_IMAGE_TYPES],
      altTextMaxLength: 0,
    },
    formats: [
      formatRule("feed", { maxItems: 1, videos: true, maxVideoBytes: 50 * 1024 * 1024 }),
      formatRule("carousel", {
        maxItems: TELEGRAM_MAX_IMAGES,
        videos: true,
        mixed: true,
        maxVideoBytes: 50 * 1024 * 1024,
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
      maxHashtags: 5,
      habitHashtags: 1,
      voice: "feed",
      habits:
        "A Telegram channel post in plain text: a first line that says it all, short paragraphs, a link welcome (Telegram previews it), at most one or two hashtags; up to 4,096 characters, 1,024 with several images.",
      // Channels are read in the morning and over lunch, Europe first (UTC).
      postingHoursUtc: [9, 8, 8, 8, 8, 8, 9],
    },
  };
}
