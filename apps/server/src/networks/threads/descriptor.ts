import { countText, formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { PostPlatform } from "@smm/domain/posts";

/**
 * 500 characters [doc Overview]; Threads' docs add that an emoji counts as its UTF-8 byte length (4 or
 * more), an exact rule nobody confirms: counted that way ("emoji-bytes"), by the composer's counter and the
 * approval check as by the provider, it leaves margin.
 */
export const THREADS_TEXT_LIMIT = { maxLength: 500, counting: "emoji-bytes" } as const;
/** A carousel takes 2 to 20 items [3p]; one image is a plain IMAGE container. */
export const THREADS_MAX_IMAGES = 20;
/** JPEG or PNG up to 8 MB [3p copy of Meta's spec]: 8,000,000 bytes, the smaller reading of "8 MB". */
export const THREADS_MAX_IMAGE_BYTES = 8_000_000;
export const THREADS_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
/** alt_text's limit: UNCONFIRMED (no page states one); 1,000 is what we hold images to. */
export const THREADS_ALT_TEXT_MAX = 1000;

export const CONNECT_HELP =
  "You will be sent to Threads to allow posting; until our app passes Meta's review, only the app's Threads testers can connect.";
export const CONNECT_ASK =
  "Threads connects on its own page: open Settings > Channels and choose Connect Threads.";

/** The text's length as Threads is documented to count it (the domain's "emoji-bytes" counting). */
export const threadsTextLength = (text: string): number => countText(text, THREADS_TEXT_LIMIT);

/** True when the text has emoji, whose bytes Threads counts (the message then says so). */
export const hasEmoji = (text: string) => /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(text);

export function describeThreads(platform: PostPlatform): NetworkDescriptor {
  return {
    platform,
    label: "Threads",
    connect: { method: "oauth", help: CONNECT_HELP, fields: [], ask: CONNECT_ASK },
    text: { ...THREADS_TEXT_LIMIT },
    media: {
      maxImages: THREADS_MAX_IMAGES,
      maxImageBytes: THREADS_MAX_IMAGE_BYTES,
      imageTypes: [...THREADS_IMAGE_TYPES],
      altTextMaxLength: THREADS_ALT_TEXT_MAX,
    },
    formats: [
      formatRule("feed", {
        maxItems: 1,
        videos: true,
        maxVideoSeconds: 300,
        maxVideoBytes: 1024 * 1024 * 1024,
        aspect: { min: 0.1, max: 10 },
      }),
      formatRule("carousel", {
        maxItems: THREADS_MAX_IMAGES,
        videos: true,
        mixed: true,
        maxVideoSeconds: 300,
        maxVideoBytes: 1024 * 1024 * 1024,
        aspect: { min: 0.1, max: 10 },
      }),
    ],
    nativeScheduling: null,
    // Matched by text and time (findPublished): Threads keeps no marker of ours on a post and has no
    // idempotency key; the container's status settles a lost threads_publish inside publish itself.
    exactlyOnce: "marker_lookup",
    capabilities: {
      edit: false,
      delete: true,
      insights: false,
      ads: false,
      replies: true,
      firstComment: "reply",
      inbox: { collect: "poll", hide: true, delete: true, like: false, maxReplyLength: 500 },
    },
    style: {
      // Threads makes only one hashtag of a post its topic tag.
      maxHashtags: 1,
      habitHashtags: 1,
      voice: "feed",
      habits:
        "Threads allows 500 characters (an emoji counts as several): a conversational opener or question, short paragraphs, and at most one hashtag (Threads makes it the post's topic).",
      // Conversational feeds read most on weekday mornings and lunch (UTC), later on weekends.
      postingHoursUtc: [16, 13, 14, 13, 14, 13, 16],
    },
  };
}
