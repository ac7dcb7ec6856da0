import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { BrandContext } from "../context";
import { posts } from "../db/schema";
import { derivePostState } from "../machines/post-lifecycle";
import { parseInput } from "../parse-input";
import { declareUseCase } from "../use-case";
import { CALENDAR_EXCERPT_LENGTH, type CalendarPostView } from "./calendar-post";
import { type ListCalendarPostsInput, listCalendarPostsInput } from "./schemas";
import { type CalendarPosts, calendarPostsView } from "./views";

export type { CalendarPosts };

export { type CalendarPostView, type ListCalendarPostsInput, listCalendarPostsInput };

/** A brand with more dated posts than this in one calendar month is not a case the grid can show anyway. */
export const MAX_CALENDAR_POSTS = 1000;

/** A timestamp as epoch milliseconds: a number in JSON, cheap for the database (to_char is not). */
const epochMs = (column: typeof posts.scheduledDate | typeof posts.postedAt) =>
  sql`(extract(epoch from ${column}) * 1000)::bigint`;

const toIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** id, platform, status, ai_generated, excerpt, scheduled_date, posted_at (epoch ms or null). */
type CalendarRow = [
  string,
  CalendarPostView["platform"],
  "pending" | "approved" | "denied",
  boolean,
  string,
  number | null,
  number | null,
];

/**
 * The calendar month's posts (core spec section 4, calendar display): the brand's approved posts that are
 * scheduled (scheduled_date in [from, to), not posted yet: blue) or published (posted_at, or the date it
 * was scheduled for, in [from, to): green), in one query, ordered by the time they show at. Only what the
 * grid draws is read (calendar-post.ts); getPost gives the whole post.
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

  // The rows are built into one JSON array by the database: one value to read instead of a few hundred
  // rows to parse and map one column at a time (the month view is the heaviest read of the screens).
  const matching = ctx.db
    .select({
      id: posts.id,
      platform: posts.platform,
      status: posts.status,
      aiGenerated: sql`${posts.aiGenerated}`.as("ai_generated"),
      excerpt: sql`left(${posts.content}, ${sql.raw(String(CALENDAR_EXCERPT_LENGTH))})`.as("excerpt"),
      scheduledDate: epochMs(posts.scheduledDate).as("scheduled_date"),
      postedAt: epochMs(posts.postedAt).as("posted_at"),
      shownAt: sql`${shownAt}`.as("shown_at"),
    })
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
    .limit(MAX_CALENDAR_POSTS)
    .as("matching");
  const [row] = await ctx.db
    .select({
      rows: sql<
        string | CalendarRow[]
      >`coalesce(json_agg(json_build_array(${matching.id}, ${matching.platform}, ${matching.status}, ${matching.aiGenerated}, ${matching.excerpt}, ${matching.scheduledDate}, ${matching.postedAt}) order by ${matching.shownAt}, ${matching.id}), '[]')`,
    })
    .from(matching);
  const rows: CalendarRow[] = typeof row?.rows === "string" ? JSON.parse(row.rows) : (row?.rows ?? []);

  return {
    posts: rows.map(([id, platform, status, aiGenerated, excerpt, scheduledAt, postedAt]) => {
      const dates = { scheduledDate: toIso(scheduledAt), postedAt: toIso(postedAt) };
      return { id, platform, state: derivePostState({ status, ...dates }), aiGenerated, excerpt, ...dates };
    }),
  };
}

export const listCalendarPostsUseCase = declareUseCase({
  name: "listCalendarPosts",
  description:
    "The active brand's scheduled and published posts between two times (at most 45 days), as the calendar shows a month.",
  scope: "brand",
  input: listCalendarPostsInput,
  output: calendarPostsView,
  run: listCalendarPosts,
});
