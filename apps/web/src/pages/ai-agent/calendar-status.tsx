import {
  BarChart3Icon,
  CalendarCheckIcon,
  ClockIcon,
  Loader2Icon,
  RotateCwIcon,
  TargetIcon,
} from "lucide-react";
import type * as React from "react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { CalendarAnalysisView, CalendarRange } from "@/lib/agent";

const RANGES: { value: CalendarRange; label: string }[] = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
];

export const ANALYSIS_FAILED = "Could not load full analysis. Showing basic overview.";

export function RangeAndRefresh({
  range,
  onRangeChange,
  onRefresh,
  refreshing,
}: {
  range: CalendarRange;
  onRangeChange: (range: CalendarRange) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <>
      {/* A toggle pair rather than tabs: the range changes the one panel below, it does not switch panels. */}
      <fieldset className="inline-flex rounded-md border p-0.5" aria-label="Analysis range">
        {RANGES.map(({ value, label }) => (
          <Button
            key={value}
            variant={range === value ? "secondary" : "ghost"}
            className="h-9"
            aria-pressed={range === value}
            onClick={() => onRangeChange(value)}
            data-testid={`range-${value}`}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      <Button
        variant="outline"
        className="h-10"
        onClick={onRefresh}
        disabled={refreshing}
        data-testid="analysis-refresh"
      >
        {refreshing ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <RotateCwIcon aria-hidden="true" />
        )}
        Refresh
      </Button>
    </>
  );
}

function Tile({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  icon: React.ComponentType<{ className?: string }>;
  testId: string;
}) {
  return (
    <li className="rounded-lg border p-3" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-muted-foreground">{label}</p>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="tile-value">
        {value}
      </p>
    </li>
  );
}

/** The gap tile's text: 'Target Met!' once reached, the gap while some is missing, else 'On track'. */
export function gapText(summary: { targetMet: boolean; contentGap: number }): string {
  if (summary.targetMet) return "Target Met!";
  return summary.contentGap > 0 ? `${summary.contentGap} to go` : "On track";
}

export interface CalendarSummary {
  scheduledPostsCount: number | null;
  pendingPostsCount: number;
  weeklyTarget: number;
  contentGap: number;
  targetMet: boolean;
}

export function CalendarTiles({ summary }: { summary: CalendarSummary }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Content calendar status">
      <Tile
        label="Scheduled this week"
        value={summary.scheduledPostsCount ?? "—"}
        icon={CalendarCheckIcon}
        testId="tile-scheduled"
      />
      <Tile
        label="Pending approval"
        value={summary.pendingPostsCount}
        icon={ClockIcon}
        testId="tile-pending"
      />
      <Tile label="Weekly target" value={summary.weeklyTarget} icon={TargetIcon} testId="tile-target" />
      <Tile label="Content gap" value={gapText(summary)} icon={BarChart3Icon} testId="tile-gap" />
    </ul>
  );
}

function PerformanceInsights({ analysis }: { analysis: CalendarAnalysisView }) {
  const { engagementData } = analysis;
  const estimate = engagementData.source === "estimate";
  return (
    <section
      className="space-y-2 rounded-lg border p-3"
      aria-label="Performance Insights"
      data-testid="performance-insights"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Performance Insights</h3>
        <Badge variant="secondary" data-testid="insights-source">
          {estimate ? "Estimate" : `Learned from ${engagementData.sampleSize} published posts`}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Best posting days</dt>
          <dd data-testid="best-days">{engagementData.bestDays.slice(0, 2).join(", ")}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Best posting times</dt>
          <dd data-testid="best-times">{engagementData.bestTimes.slice(0, 2).join(", ")}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Next optimal time</dt>
          <dd data-testid="next-optimal">{analysis.nextOptimalPostTime}</dd>
        </div>
      </dl>
    </section>
  );
}

export function CalendarStatusBody({
  analysis,
  loading,
  failed,
  fallback,
  onAnalyze,
  analyzing,
}: {
  analysis: CalendarAnalysisView | null | undefined;
  loading: boolean;
  failed: boolean;
  fallback: CalendarSummary | null;
  onAnalyze: () => void;
  analyzing: boolean;
}) {
  if (loading) {
    return (
      <div
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        data-testid="analysis-loading"
        aria-hidden="true"
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-20" />
        ))}
      </div>
    );
  }
  if (failed) {
    return (
      <div className="space-y-3">
        <Alert data-testid="analysis-fallback">
          <AlertDescription>{ANALYSIS_FAILED}</AlertDescription>
        </Alert>
        {fallback && <CalendarTiles summary={fallback} />}
      </div>
    );
  }
  if (!analysis) {
    return (
      <EmptyState
        icon={BarChart3Icon}
        title="No calendar analysis available"
        description="Analyse your calendar to see this week's posts against your target and your best posting times."
        testId="analysis-empty"
        action={
          <Button className="h-10" onClick={onAnalyze} disabled={analyzing} data-testid="analyze-now">
            {analyzing && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Analyze Now
          </Button>
        }
      />
    );
  }
  return (
    <div className="space-y-3" data-testid="analysis">
      <CalendarTiles summary={analysis} />
      <PerformanceInsights analysis={analysis} />
    </div>
  );
}
