import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { parseInput } from "../parse-input";
import { type PostView, toPostView } from "./post";
import { type ListCalendarPostsInput, listCalendarPostsInput } from "./schemas";

export { type ListCalendarPostsInput, listCalendarPostsInput };

/** A brand with more dated posts than this in one calendar month is not a case the grid can show anyway. */
export const MAX_CALENDAR_POSTS = 1000;

export interface CalendarPosts {
  posts: PostView[];
}

/**
 * The calendar month's posts (core spec section 4, calendar display): the brand's approved posts that are
 * scheduled (scheduled_date in [from, to), not posted yet: blue) or published (posted_at, or the date it
 * was scheduled for, in [from, to): green), in one query, ordered by the time they show at.
 */
export async function listCalendarPosts(
  ctx: BrandContext,
  input: ListCalendarPostsInput,
): Promise<CalendarPosts> {
  const parsed = parseInput(listCalendarPostsInput, input);
  const from = new Date(parsed.from);
  const to = new Date(parsed.to);
  // coalesce(posted_at, scheduled_date), written as two branches so each can use a (brand_id, date) index.
  const shownAt = sql`coalesce(${posts.postedAt}, ${posts.scheduledDate})`;

  const rows = await ctx.db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.brandId, ctx.brandId),
        eq(posts.userId, ctx.userId),
        eq(posts.status, "approved"),
        or(
          and(isNull(posts.postedAt), gte(posts.scheduledDate, from), lt(posts.scheduledDate, to)),
          and(isNotNull(posts.postedAt), gte(posts.postedAt, from), lt(posts.postedAt, to)),
        ),
      ),
    )
    .orderBy(asc(shownAt), asc(posts.id))
    .limit(MAX_CALENDAR_POSTS);

  return { posts: rows.map((row) => toPostView(ctx, row)) };
}
