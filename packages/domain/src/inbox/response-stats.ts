import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { BrandContext } from "../context";
import { parseInput } from "../parse-input";
import { responseStatsInput, type responseStatsView } from "./schemas";

type ResponseStatsInput = z.input<typeof responseStatsInput>;
type ResponseStats = z.infer<typeof responseStatsView>;

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
export const DEFAULT_STATS_WEEKS = 8;

/** Monday 00:00 UTC of the week `date` falls in. */
export function weekStartOf(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  // getUTCDay: Sunday 0 ... Saturday 6; Monday opens the week.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/**
 * How the brand answers its comments, week by week (Monday 00:00 UTC, `weeks` back, this week included):
 * comments from others, replies the brand sent (its own items delivered, or made on the network and read
 * back), and the median minutes from a comment to the brand's first reply to it (a reply is to a comment
 * when it points at the stored item, or at the comment's id on the network). A comment counts in the week
 * it was written; one never answered counts in no median. Aggregated in the database: a brand with 100,000
 * comments is read in a few grouped scans, never row by row.
 */
export async function getResponseStats(
  ctx: BrandContext,
  rawInput: ResponseStatsInput,
): Promise<ResponseStats> {
  const weeks = parseInput(responseStatsInput, rawInput).weeks ?? DEFAULT_STATS_WEEKS;
  const firstWeek = new Date(weekStartOf(ctx.now()).getTime() - (weeks - 1) * WEEK_MS);
  const start = firstWeek.toISOString();
  const startEpoch = firstWeek.getTime() / 1000;
  // The week of a time, counted from the first week: no time zone setting of the session can shift it.
  const weekOf = (column: string) =>
    sql.raw(`floor((extract(epoch from ${column}) - ${startEpoch}) / ${WEEK_MS / 1000})::int`);

  const rows = await ctx.db.execute<{
    week: number | null;
    comments: number;
    replies: number;
    median: number | null;
  }>(sql`
    with comments as (
      select id, network, external_id, written_at from inbox_items
      where brand_id = ${ctx.brandId} and not own and removed_at is null and written_at >= ${start}::timestamptz
    ),
    replies as (
      select reply_to_id, network, parent_external_id, written_at from inbox_items
      where brand_id = ${ctx.brandId} and own and (delivery = 'sent' or delivery is null)
        and written_at >= ${start}::timestamptz
    ),
    -- Two equality joins rather than one on an OR, so each can be a hash join.
    answers as (
      select c.id, min(r.written_at) as first_reply_at from (
        select c.id, r.written_at from comments c join replies r on r.reply_to_id = c.id
        union all
        select c.id, r.written_at from comments c
        join replies r on r.network = c.network and r.parent_external_id = c.external_id
      ) r join comments c on c.id = r.id
      group by c.id
    ),
    delays as (
      select ${weekOf("c.written_at")} as week,
        -- greatest() skips nulls: an unanswered comment must stay null, not become 0 minutes.
        case when a.first_reply_at is not null
          then greatest(0, extract(epoch from a.first_reply_at - c.written_at) / 60) end as minutes
      from comments c left join answers a on a.id = c.id
    ),
    by_week as (
      select week, count(*)::int as comments,
        percentile_cont(0.5) within group (order by minutes)::float8 as median
      from delays group by rollup (week)
    ),
    sent as (
      select week, count(*)::int as replies
      from (select ${weekOf("written_at")} as week from replies) weeks group by rollup (week)
    )
    select coalesce(b.week, s.week) as week, coalesce(b.comments, 0)::int as comments,
      coalesce(s.replies, 0)::int as replies, b.median
    -- A full join needs an equality: the total rows (week null) meet as -1.
    from by_week b full join sent s on coalesce(b.week, -1) = coalesce(s.week, -1)
  `);

  const byWeek = new Map<number | null, { comments: number; replies: number; median: number | null }>();
  for (const row of rows)
    byWeek.set(row.week === null ? null : Number(row.week), {
      comments: Number(row.comments),
      replies: Number(row.replies),
      median: row.median === null ? null : roundMinutes(Number(row.median)),
    });
  const overall = byWeek.get(null);
  return {
    weeks: Array.from({ length: weeks }, (_, index) => {
      const week = byWeek.get(index);
      return {
        weekStart: new Date(firstWeek.getTime() + index * WEEK_MS).toISOString(),
        comments: week?.comments ?? 0,
        replies: week?.replies ?? 0,
        medianFirstReplyMinutes: week?.median ?? null,
      };
    }),
    replies: overall?.replies ?? 0,
    medianFirstReplyMinutes: overall?.median ?? null,
  };
}

/** Minutes to one decimal: "0.5 min" says an answer came within the minute, more is noise. */
const roundMinutes = (minutes: number) => Math.round(minutes * 10) / 10;
