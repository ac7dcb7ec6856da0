import type { CalendarPostView } from "./views";

export type { CalendarPostView };

/** How much of a post's text the calendar gets: its chips show 50 characters (one more tells "…"). */
export const CALENDAR_EXCERPT_LENGTH = 60;

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
