import type { NetworkDescriptor } from "@smm/domain/channels";
import type { PostPlatform } from "@smm/domain/posts";

/**
 * 500 characters [doc Overview], counted as JavaScript does (UTF-16 units: an emoji is 2). Threads' docs add
 * that an emoji counts as its UTF-8 byte length (4 or more), an exact rule nobody confirms; the shared
 * counters cannot say it, so the provider also counts the Threads way before any call (threadsTextLength).
 */
export const THREADS_TEXT_LIMIT = { maxLength: 500, counting: "characters" } as const;
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

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const utf8 = new TextEncoder();
let segmenter: Intl.Segmenter | null = null;

/**
 * The text's length as Threads is documented to count it, with margin: each emoji (the whole grapheme: a
 * flag, a family, a skin tone) as its UTF-8 bytes, anything else as its UTF-16 units (never fewer than
 * Threads' characters).
 */
export function threadsTextLength(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let length = 0;
  for (const { segment } of segmenter.segment(text)) {
    length += EMOJI.test(segment) ? utf8.encode(segment).length : segment.length;
  }
  return length;
}

/** True when the text has emoji, whose bytes Threads counts (the message then says so). */
export const hasEmoji = (text: string) => EMOJI.test(text);

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
    nativeScheduling: null,
    // Matched by text and time (findPublished): Threads keeps no marker of ours on a post and has no
    // idempotency key; the container's status settles a lost threads_publish inside publish itself.
    exactlyOnce: "marker_lookup",
    capabilities: { edit: false, delete: true, insights: false, ads: false, replies: false },
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
