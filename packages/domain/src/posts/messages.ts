// The post use cases' messages and limits, without zod: screens that only show posts (the dashboard's
// cards) need them before any form's code has loaded. Messages are the spec's where it names one.

/** The networks a post goes to: the platform enum (db/schema/enums.ts) is made from this list, kept here so the web bundle needs no drizzle. */
export const postPlatforms = ["facebook", "instagram", "bluesky", "mastodon"] as const;
export type PostPlatform = (typeof postPlatforms)[number];
/** How each network is named on screens and in the chat. */
export const platformLabels: Record<PostPlatform, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
};
/** Said when a platform is none of the networks: names them all, so it grows with the list. */
export const PLATFORM_INVALID = `Platform must be ${postPlatforms.slice(0, -1).join(", ")} or ${postPlatforms.at(-1)}`;
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
