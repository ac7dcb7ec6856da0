// The post use cases' messages and limits, without zod: screens that only show posts (the dashboard's
// cards) need them before any form's code has loaded. Messages are the spec's where it names one.

/** The networks a post goes to: the platform enum (db/schema/enums.ts) is made from this list, kept here so the web bundle needs no drizzle. */
export const postPlatforms = ["facebook", "instagram"] as const;

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
