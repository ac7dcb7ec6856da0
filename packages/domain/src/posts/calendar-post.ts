import type { PostState } from "../machines/post-lifecycle";

/** How much of a post's text the calendar gets: its chips show 50 characters (one more tells "…"). */
export const CALENDAR_EXCERPT_LENGTH = 60;

/**
 * A post as the calendar grid needs it: where it sits, how it looks, and the start of its text. The grid
 * can hold hundreds of posts a month, so it does not carry whole posts (images, suggestions, generation);
 * the Post Preview reads the one post it opens.
 */
export interface CalendarPostView {
  id: string;
  platform: "facebook" | "instagram";
  state: PostState;
  aiGenerated: boolean;
  /** The first CALENDAR_EXCERPT_LENGTH characters of the text. */
  excerpt: string;
  scheduledDate: string | null;
  postedAt: string | null;
}

/** A whole post (from a list or an action's answer) as the calendar holds it. */
export function toCalendarPostView(
  post: Omit<CalendarPostView, "excerpt"> & { content: string },
): CalendarPostView {
  return {
    id: post.id,
    platform: post.platform,
    state: post.state,
    aiGenerated: post.aiGenerated,
    excerpt: post.content.slice(0, CALENDAR_EXCERPT_LENGTH),
    scheduledDate: post.scheduledDate,
    postedAt: post.postedAt,
  };
}
