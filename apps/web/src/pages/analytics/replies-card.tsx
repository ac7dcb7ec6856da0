import { useQuery } from "@tanstack/react-query";
import { InboxIcon, MessageSquareReplyIcon, TimerIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { inboxKeys } from "@/lib/inbox";
import { callTool } from "@/lib/tools";
import { cn } from "@/lib/utils";
import {
  currentWeek,
  formatReplyTime,
  formatWeekLabel,
  REPLY_STATS_WEEKS,
  type ResponseStats,
  replyBarHeights,
} from "./replies-logic";

/**
 * The brand's answers to comments, week by week (getResponseStats). Kept under the inbox's key, so a comment
 * that arrives or a reply sent anywhere (inbox.changed) refreshes it with the rest of the inbox.
 */
function useResponseStats(brandId: string) {
  return useQuery({
    queryKey: [...inboxKeys.all(brandId), "response-stats", REPLY_STATS_WEEKS] as const,
    queryFn: ({ signal }) =>
      callTool<ResponseStats>("getResponseStats", { weeks: REPLY_STATS_WEEKS }, { brandId, signal }),
    retry: false,
  });
}

function Stat(props: { label: string; value: string; hint: string; icon: typeof TimerIcon; testId: string }) {
  return (
    <div className="rounded-lg border p-3">
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <props.icon className="size-4" aria-hidden="true" />
        {props.label}
      </div>
      <div className="mt-1 text-xl font-semibold tabular-nums" data-testid={props.testId}>
        {props.value}
      </div>
      <div className="text-xs text-muted-foreground">{props.hint}</div>
    </div>
  );
}

function WeekBars({ stats }: { stats: ResponseStats }) {
  const heights = replyBarHeights(stats.weeks);
  return (
    <ol
      className="grid grid-cols-8 items-end gap-1.5"
      aria-label="Replies per week"
      data-testid="replies-weeks"
    >
      {stats.weeks.map((week, index) => {
        const label = formatWeekLabel(week.weekStart);
        const summary = `Week of ${label}: ${week.replies} ${week.replies === 1 ? "reply" : "replies"} to ${week.comments} ${week.comments === 1 ? "comment" : "comments"}, median first reply ${formatReplyTime(week.medianFirstReplyMinutes)}`;
        return (
          <li key={week.weekStart} className="flex flex-col items-center gap-1" title={summary}>
            <span className="sr-only">{summary}</span>
            <span className="text-xs tabular-nums text-muted-foreground" aria-hidden="true">
              {week.replies}
            </span>
            <div className="flex h-16 w-full items-end rounded-sm bg-muted" aria-hidden="true">
              <div
                className="w-full rounded-sm bg-primary"
                style={{ height: `${Math.max(heights[index] ?? 0, week.replies > 0 ? 6 : 0)}%` }}
              />
            </div>
            <span
              // Every other week is named on a phone, where eight labels do not fit side by side.
              className={cn(
                "text-[11px] whitespace-nowrap text-muted-foreground",
                index % 2 === 1 && "max-sm:invisible",
              )}
              aria-hidden="true"
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The Replies card: replies this week, the median time to the first reply, the last eight weeks. */
export function RepliesCard({ brandId }: { brandId: string }) {
  const query = useResponseStats(brandId);
  const stats = query.data;
  const week = stats ? currentWeek(stats) : null;
  return (
    <Card data-testid="replies-card">
      <CardHeader>
        <CardTitle>Replies</CardTitle>
        <CardDescription>How you answer comments, over the last {REPLY_STATS_WEEKS} weeks</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="space-y-3" data-testid="replies-loading" aria-busy="true">
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
            <Skeleton className="h-24" />
          </div>
        ) : query.error ? (
          <p className="text-sm text-muted-foreground" data-testid="replies-error">
            {query.error instanceof ApiError ? query.error.message : "Reply statistics could not be loaded."}
          </p>
        ) : stats && stats.replies === 0 ? (
          <div
            className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground"
            data-testid="replies-empty"
          >
            <InboxIcon className="size-6" aria-hidden="true" />
            <p className="font-medium text-foreground">No replies yet — answer comments from the Inbox</p>
            <Button asChild size="sm" variant="outline">
              <Link to="/inbox">Open the Inbox</Link>
            </Button>
          </div>
        ) : stats ? (
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-3">
              <Stat
                label="Replies this week"
                value={String(week?.replies ?? 0)}
                hint={`to ${week?.comments ?? 0} new ${week?.comments === 1 ? "comment" : "comments"}`}
                icon={MessageSquareReplyIcon}
                testId="replies-this-week"
              />
              <Stat
                label="Median time to first reply"
                value={formatReplyTime(stats.medianFirstReplyMinutes)}
                hint={`this week: ${formatReplyTime(week?.medianFirstReplyMinutes ?? null)}`}
                icon={TimerIcon}
                testId="replies-median"
              />
            </div>
            <WeekBars stats={stats} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
