import { formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { PostPlatform } from "@smm/domain/posts";
import { APP_PASSWORD_HELP } from "./errors";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "./images";

/** 300 graphemes and 3,000 UTF-8 bytes (app.bsky.feed.post's text), links counted in full. */
export const BLUESKY_TEXT_LIMIT = { maxLength: 300, counting: "graphemes", maxBytes: 3000 } as const;
export const BLUESKY_MAX_IMAGES = 4;

export function describeBluesky(platform: PostPlatform): NetworkDescriptor {
  return {
    platform,
    label: "Bluesky",
    connect: {
      method: "app_password",
      help: APP_PASSWORD_HELP,
      fields: [
        { name: "handle", label: "Handle", placeholder: "alice.bsky.social", secret: false },
        { name: "appPassword", label: "App password", placeholder: "xxxx-xxxx-xxxx-xxxx", secret: true },
      ],
      ask: "To connect Bluesky I need your handle and an app password (make one in Bluesky Settings > Privacy and security > App passwords; never your account password).",
    },
    text: { ...BLUESKY_TEXT_LIMIT },
    media: {
      maxImages: BLUESKY_MAX_IMAGES,
      maxImageBytes: MAX_IMAGE_BYTES,
      imageTypes: [...IMAGE_TYPES],
      altTextMaxLength: 2000,
    },
    formats: [
      formatRule("feed", {
        maxItems: 1,
        videos: true,
        maxVideoSeconds: 180,
        maxVideoBytes: 100 * 1024 * 1024,
      }),
      formatRule("carousel", { maxItems: BLUESKY_MAX_IMAGES }),
    ],
    nativeScheduling: null,
    exactlyOnce: "record_key",
    capabilities: {
      edit: false,
      delete: true,
      insights: false,
      ads: false,
      replies: true,
      firstComment: "reply",
      inbox: { collect: "poll", hide: false, delete: true, like: true, maxReplyLength: 300 },
    },
    style: {
      maxHashtags: 3,
      habitHashtags: 2,
      voice: "feed",
      habits:
        "Bluesky allows 300 characters in all, hashtags included: write one or two sentences, at most 2 hashtags, no link unless asked.",
      // Text networks read most on weekday mornings and lunch (UTC).
      postingHoursUtc: [15, 14, 13, 14, 13, 14, 15],
    },
  };
}
