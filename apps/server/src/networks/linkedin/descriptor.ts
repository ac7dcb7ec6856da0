import { formatRule, type NetworkDescriptor } from "@smm/domain/channels";
import type { PostPlatform } from "@smm/domain/posts";

/** commentary: 3,000 characters [3p]; the unit is UNCONFIRMED, counted as JavaScript's length. */
export const LINKEDIN_TEXT_LIMIT = { maxLength: 3000, counting: "characters" } as const;
/** One image (content.media) or 2 to 20 (content.multiImage) [doc]. */
export const LINKEDIN_MAX_IMAGES = 20;
/**
 * UNCONFIRMED upstream (the contract: "size cap UNCONFIRMED (5 MB per Ayrshare)"): 5 MB, what two
 * third-party schedulers state, rather than a larger guess LinkedIn might refuse after the upload.
 */
export const LINKEDIN_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** JPG, GIF, PNG [3p]. */
export const LINKEDIN_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
/** The Posts API's media altText; UNCONFIRMED by the contract, 4,086 as LinkedIn's Posts page gives it. */
export const LINKEDIN_ALT_TEXT_MAX = 4086;

export const CONNECT_HELP =
  "You'll be sent to LinkedIn to allow posting on your profile; the connection lasts about 60 days.";
export const CONNECT_ASK =
  "LinkedIn connects on its own page: open Settings > Channels and choose Connect LinkedIn.";

export function describeLinkedIn(platform: PostPlatform): NetworkDescriptor {
  return {
    platform,
    label: "LinkedIn",
    connect: { method: "oauth", help: CONNECT_HELP, fields: [], ask: CONNECT_ASK },
    text: { ...LINKEDIN_TEXT_LIMIT },
    media: {
      maxImages: LINKEDIN_MAX_IMAGES,
      maxImageBytes: LINKEDIN_MAX_IMAGE_BYTES,
      imageTypes: [...LINKEDIN_IMAGE_TYPES],
      altTextMaxLength: LINKEDIN_ALT_TEXT_MAX,
    },
    formats: [
      formatRule("feed", {
        maxItems: 1,
        videos: true,
        minVideoSeconds: 3,
        maxVideoSeconds: 1800,
        maxVideoBytes: 500 * 1024 * 1024,
      }),
      formatRule("carousel", { maxItems: LINKEDIN_MAX_IMAGES }),
    ],
    nativeScheduling: null,
    // Reading a member's own posts is for selected developers only: a lost answer cannot be looked up.
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
      habitHashtags: 3,
      voice: "feed",
      habits:
        "LinkedIn allows 3,000 characters but shows about the first 200 before 'see more': open with a strong first line, then short paragraphs separated by blank lines, a professional first-person voice, and 3 hashtags at the end.",
      // Professional feeds read most on weekday mornings (Europe) and lunch (US East), in UTC.
      postingHoursUtc: [15, 13, 13, 13, 13, 13, 15],
    },
  };
}
