import { abbreviateNumber, engagementRateTone } from "@smm/domain/web";
import { ChartColumnIcon, CircleAlertIcon } from "lucide-react";
import { Link } from "react-router";

import { cardClass } from "@/components/assistant/card-styles";
import type { ChatPart, ToolPartOf } from "@/components/assistant/chat-part";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/* The getAnalytics tool in the chat: a summary card (the four numbers, the change, the best post). */

export type AnalyticsToolPart = ToolPartOf<"getAnalytics">;

export function isAnalyticsToolPart(part: ChatPart): part is AnalyticsToolPart {
  return part.type === "tool-getAnalytics";
}

const RANGE_WORDS = { "7d": "7 days", "30d": "30 days", "90d": "90 days" } as const;
const PLATFORM_WORDS = { all: "", facebook: " on Facebook", instagram: " on Instagram" } as const;
const RATE_TEXT = {
  green: "text-emerald-700 dark:text-emerald-400",
  yellow: "text-amber-700 dark:text-amber-400",
  red: "text-red-700 dark:text-red-400",
  none: "text-muted-foreground",
};

export function AnalyticsToolCard({ part }: { part: AnalyticsToolPart }) {
  if (part.state === "output-error") {
    return (
      <div
        className={cn(cardClass, "border-destructive/30 bg-destructive/5")}
        data-testid="analytics-tool-error"
      >
        <p className="flex items-start gap-2 text-muted-foreground">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>{part.errorText}</span>
        </p>
      </div>
    );
  }
  if (part.state !== "output-available") {
    return (
      <div className={cn(cardClass, "space-y-2")} role="status" data-testid="analytics-tool-running">
        <p className="text-muted-foreground">Reading your analytics...</p>
        <Skeleton className="h-3 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    );
  }
  const view = part.output;
  const rate = view.metrics.engagementRate;
  const change =
    view.previous.reach > 0
      ? Math.round(((view.metrics.totalReach - view.previous.reach) / view.previous.reach) * 100)
      : null;
  const tiles = [
    ["Total Reach", abbreviateNumber(view.metrics.totalReach), ""],
    ["Total Engagement", abbreviateNumber(view.metrics.totalEngagement), ""],
    ["Engagement Rate", rate === null ? "N/A" : `${rate.toFixed(2)}%`, RATE_TEXT[engagementRateTone(rate)]],
    ["Page Fans", abbreviateNumber(view.metrics.pageFans), ""],
  ] as const;
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="analytics-summary-card">
      <p className="flex items-center gap-2 font-medium">
        <ChartColumnIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        Last {RANGE_WORDS[view.range]}
        {PLATFORM_WORDS[view.platform]}: {view.totalPosts} post{view.totalPosts === 1 ? "" : "s"}
      </p>
      <dl className="grid grid-cols-2 gap-2">
        {tiles.map(([label, value, tone]) => (
          <div key={label} className="rounded-md bg-muted/60 p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={cn("font-semibold tabular-nums", tone)}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-1 text-muted-foreground">
        {change !== null ? (
          <p>
            Reach {change >= 0 ? "up" : "down"} {Math.abs(change)}% on the previous {RANGE_WORDS[view.range]}.
          </p>
        ) : null}
        {view.bestPost && view.bestPost.engagement > 0 ? (
          <p className="line-clamp-2">
            Best post ({abbreviateNumber(view.bestPost.engagement)} engagements): “{view.bestPost.content}”
          </p>
        ) : null}
        <Link to="/analytics" className="underline underline-offset-2">
          Open Analytics
        </Link>
      </div>
    </div>
  );
}
