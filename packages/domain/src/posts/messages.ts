// The post use cases' messages and limits, without zod: screens that only show posts (the dashboard's
// cards) need them before any form's code has loaded. Messages are the spec's where it names one.

/**
 * Every network the app publishes to, one line each: the platform's id (stored on posts and connections),
 * its name on screens and in the chat, and the provider that publishes it (apps/server/src/networks/<id>/,
 * registered in networks/modules.ts). Everything else about a network (limits, how it connects, how it is
 * written for) its provider declares. Kept here, without zod or drizzle, so the web bundle reads it too.
 */
export const networkCatalog = {
  facebook: { label: "Facebook", provider: "meta" },
  instagram: { label: "Instagram", provider: "meta" },
  bluesky: { label: "Bluesky", provider: "bluesky" },
  mastodon: { label: "Mastodon", provider: "mastodon" },
  telegram: { label: "Telegram", provider: "telegram" },
  discord: { label: "Discord", provider: "discord" },
  linkedin: { label: "LinkedIn", provider: "linkedin" },
  threads: { label: "Threads", provider: "threads" },
} as const;
export type PostPlatform = keyof typeof networkCatalog;
type NonEmpty<T> = readonly [T, ...T[]];
export const postPlatforms = Object.keys(networkCatalog) as unknown as NonEmpty<PostPlatform>;
/** How each network is named on screens and in the chat. */
export const platformLabels = Object.fromEntries(
  postPlatforms.map((platform) => [platform, networkCatalog[platform].label]),
) as Record<PostPlatform, string>;
/** The providers a connection or post is made through: the sandbox (offline) and each network's own. */
export type PublishNetwork = "sandbox" | (typeof networkCatalog)[PostPlatform]["provider"];
export const publishNetworks = [
  "sandbox",
  ...new Set(postPlatforms.map((platform) => networkCatalog[platform].provider)),
] as unknown as NonEmpty<PublishNetwork>;
/** Said when a platform is none of the networks: names them all, so it grows with the list. */
export const PLATFORM_INVALID = `Platform must be ${postPlatforms.slice(0, -1).join(", ")} or ${postPlatforms.at(-1)}`;
/** Said when a connect or disconnect names no network the app has. */
export const CHOOSE_NETWORK = `Choose a network: ${postPlatforms.slice(0, -1).join(", ")} or ${postPlatforms.at(-1)}`;
/** The platforms of Meta's page connection (the spec's Facebook tab, insights and ads are theirs alone). */
export const metaPlatforms = ["facebook", "instagram"] as const;
export type MetaPlatform = (typeof metaPlatforms)[number];
export const isMetaPlatform = (platform: PostPlatform): platform is MetaPlatform =>
  platform === "facebook" || platform === "instagram";
/** The networks a page connection or ad account is made with (Meta, or the sandbox offline). */
export type MetaNetwork = "meta" | "sandbox";
export const asMetaNetwork = (network: string): MetaNetwork => (network === "meta" ? "meta" : "sandbox");

export const POST_NOT_FOUND = "Post not found";
export const POST_CONTENT_EMPTY = "Post content cannot be empty";
export const MISSING_SCHEDULED_DATE = "Missing scheduled date";
export const SCHEDULED_IN_PAST = "Posts cannot be scheduled in the past";
export const DENY_FEEDBACK_REQUIRED = "Please tell us why you are denying this post";
export const POST_CANCELLED_FEEDBACK = "Post cancelled by user";
export const INVALID_IMAGE_URL = "Invalid image URL";
export const POST_CHANGED_MEANWHILE = "This post was changed in the meantime. Please reload and try again.";

export const MAX_POST_LENGTH = 63_206; // Facebook's own limit for a Page post's text.
export const POST_PAGE_SIZE = 10;
export const MAX_POST_PAGE_SIZE = 100;

/** How a post goes out (issue 32): each network's provider declares which it takes and how many items. */
export const postFormats = ["feed", "carousel", "reel", "story"] as const;
export type PostFormat = (typeof postFormats)[number];

/** A post's first comment: waiting for the post to go out, posted, or failed (shown with Retry). */
export const firstCommentStatuses = ["pending", "posted", "failed"] as const;
export type FirstCommentStatus = (typeof firstCommentStatuses)[number];
