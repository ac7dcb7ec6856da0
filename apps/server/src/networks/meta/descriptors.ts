import { formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { MetaPlatform } from "@smm/domain/posts";
import { NATIVE_SCHEDULING_MAX_MS, NATIVE_SCHEDULING_MIN_MS } from "./meta-network";

const MB = 1024 * 1024;
const GB = 1024 * MB;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const connect = {
  method: "meta_oauth",
  help: "Connect your Facebook page in Settings > Facebook; its linked Instagram business account comes with it.",
  fields: [],
  ask: "Facebook and Instagram connect through your Facebook page: open Settings > Facebook.",
} satisfies NetworkDescriptor["connect"];

/** What a Facebook page and its Instagram business account take (contracts/meta-and-stripe.md). */
export const metaDescriptors: Record<MetaPlatform, NetworkDescriptor> = {
  facebook: {
    platform: "facebook",
    label: "Facebook",
    connect,
    text: { maxLength: 63_206, counting: "characters" },
    media: { maxImages: 1, maxImageBytes: 5 * 1024 * 1024, imageTypes: IMAGE_TYPES, altTextMaxLength: 0 },
    // contracts/meta-formats-and-inbox.md §5: multi-photo posts, video, Reels (3-90 s, 9:16), Stories.
    formats: [
      formatRule("feed", {
        maxItems: 1,
        videos: true,
        maxVideoSeconds: 14_400,
        maxVideoBytes: 2 * GB,
        nativeScheduling: true,
      }),
      formatRule("carousel", { maxItems: 10, nativeScheduling: true }),
      formatRule("reel", {
        maxItems: 1,
        images: false,
        videos: true,
        minVideoSeconds: 3,
        maxVideoSeconds: 90,
        maxVideoBytes: 1 * GB,
        aspect: { min: 0.5625, max: 1.7778 },
        preferredAspect: "9:16",
        nativeScheduling: true,
      }),
      formatRule("story", {
        maxItems: 1,
        videos: true,
        minVideoSeconds: 3,
        maxVideoSeconds: 60,
        maxVideoBytes: 1 * GB,
        preferredAspect: "9:16",
      }),
    ],
    nativeScheduling: {
      minLeadMinutes: NATIVE_SCHEDULING_MIN_MS / 60_000,
      maxLeadDays: NATIVE_SCHEDULING_MAX_MS / 86_400_000,
    },
    exactlyOnce: "marker_lookup",
    capabilities: {
      edit: true,
      delete: true,
      insights: true,
      ads: true,
      replies: true,
      firstComment: "comment",
      inbox: { collect: "webhook", hide: true, delete: true, like: true, maxReplyLength: 8000 },
    },
    style: {
      maxHashtags: 30,
      habitHashtags: 3,
      voice: "feed",
      habits: "Write one or two short paragraphs with at most 3 hashtags.",
      postingHoursUtc: [13, 9, 12, 15, 18, 17, 11],
    },
  },
  instagram: {
    platform: "instagram",
    label: "Instagram",
    connect,
    text: { maxLength: 2_200, counting: "characters" },
    // alt_text on feed images and carousel images, at most 1,000 characters (section 4).
    media: {
      maxImages: 1,
      maxImageBytes: 8 * 1024 * 1024,
      imageTypes: ["image/jpeg"],
      altTextMaxLength: 1000,
    },
    // §1 to §3: one image (a single video is a Reel), carousels of 2 to 10, Reels, Stories; no native scheduling.
    formats: [
      formatRule("feed", {
        minItems: 1,
        maxItems: 1,
        aspect: { min: 0.8, max: 1.91 },
        preferredAspect: "4:5",
      }),
      formatRule("carousel", {
        maxItems: 10,
        videos: true,
        mixed: true,
        minVideoSeconds: 3,
        maxVideoSeconds: 60,
        maxVideoBytes: 300 * MB,
        aspect: { min: 0.8, max: 1.91 },
        preferredAspect: "1:1",
      }),
      formatRule("reel", {
        maxItems: 1,
        images: false,
        videos: true,
        minVideoSeconds: 3,
        maxVideoSeconds: 900,
        maxVideoBytes: 300 * MB,
        aspect: { min: 0.01, max: 10 },
        preferredAspect: "9:16",
      }),
      formatRule("story", {
        maxItems: 1,
        videos: true,
        minVideoSeconds: 3,
        maxVideoSeconds: 60,
        maxVideoBytes: 100 * MB,
        aspect: { min: 0.1, max: 10 },
        preferredAspect: "9:16",
      }),
    ],
    nativeScheduling: null,
    exactlyOnce: "marker_lookup",
    capabilities: {
      edit: false,
      delete: false,
      insights: true,
      ads: true,
      replies: true,
      firstComment: "comment",
      inbox: { collect: "webhook", hide: true, delete: true, like: false, maxReplyLength: 2200 },
    },
    style: {
      maxHashtags: 30,
      habitHashtags: 8,
      voice: "visual",
      habits: "Use short lines, a few fitting emojis and 5 to 8 hashtags.",
      postingHoursUtc: [14, 12, 19, 15, 20, 17, 12],
    },
  },
};
