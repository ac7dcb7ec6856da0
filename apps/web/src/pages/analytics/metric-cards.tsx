import { abbreviateNumber, engagementRateOf, engagementRateTone } from "@smm/domain/web";
import {
  ArrowDownRightIcon,
  ArrowUpRightIcon,
  EyeIcon,
  HeartIcon,
  PercentIcon,
  UsersIcon,
} from "lucide-react";
import type { ComponentType } from "react";

import { Card, CardContent } from "@/components/ui/card";
import type { AnalyticsView } from "@/lib/analytics";
import { cn } from "@/lib/utils";

const RATE_TONE = {
  green: "text-emerald-700 dark:text-emerald-400",
  yellow: "text-amber-700 dark:text-amber-400",
  red: "text-red-700 dark:text-red-400",
  none: "text-muted-foreground",
};

/** Change against the previous period of the same length, in percent; null when there is nothing to compare. */
function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

function Change({ value, label }: { value: number | null; label: string }) {
  if (value === null) return <span className="text-xs text-muted-foreground">No earlier data</span>;
  const up = value >= 0;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span
      className={cn("inline-flex items-center gap-0.5 text-xs", up ? RATE_TONE.green : RATE_TONE.red)}
      title={`${label}: ${up ? "up" : "down"} ${Math.abs(value)}%`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{up ? "Up" : "Down"}</span>
      {Math.abs(value)}% <span className="text-muted-foreground">vs previous period</span>
    </span>
  );
}

function MetricCard(props: {
  title: string;
  value: string;
  icon: ComponentType<{ className?: string }>;
  testId: string;
  valueClassName?: string;
  footer: React.ReactNode;
}) {
  return (
    <Card className="gap-2 py-4" data-testid={props.testId}>
      <CardContent className="space-y-1 px-4">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <span>{props.title}</span>
          <props.icon className="size-4" aria-hidden="true" />
        </div>
        <div
          className={cn("text-2xl font-semibold tabular-nums", props.valueClassName)}
          data-testid={`${props.testId}-value`}
        >
          {props.value}
        </div>
        <div>{props.footer}</div>
      </CardContent>
    </Card>
  );
}

/** The four cards (spec): Total Reach, Total Engagement, Engagement Rate, Page Fans; each against the previous period. */
export function MetricCards({ view }: { view: AnalyticsView }) {
  const { metrics, previous } = view;
  const rate = metrics.engagementRate;
  const previousRate = engagementRateOf(previous.engagements, previous.reach);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricCard
        title="Total Reach"
        value={abbreviateNumber(metrics.totalReach)}
        icon={EyeIcon}
        testId="metric-reach"
        footer={<Change value={changeOf(metrics.totalReach, previous.reach)} label="reach" />}
      />
      <MetricCard
        title="Total Engagement"
        value={abbreviateNumber(metrics.totalEngagement)}
        icon={HeartIcon}
        testId="metric-engagement"
        footer={<Change value={changeOf(metrics.totalEngagement, previous.engagements)} label="engagement" />}
      />
      <MetricCard
        title="Engagement Rate"
        value={rate === null ? "N/A" : `${rate.toFixed(2)}%`}
        valueClassName={RATE_TONE[engagementRateTone(rate)]}
        icon={PercentIcon}
        testId="metric-rate"
        footer={
          <span className="text-xs text-muted-foreground">
            {previousRate === null ? "Engagement ÷ reach" : `Previous period ${previousRate.toFixed(2)}%`}
          </span>
        }
      />
      <MetricCard
        title="Page Fans"
        value={abbreviateNumber(metrics.pageFans)}
        icon={UsersIcon}
        testId="metric-fans"
        footer={
          <span className="text-xs text-muted-foreground">
            +{abbreviateNumber(metrics.newFollows)} new follows (previous {abbreviateNumber(previous.follows)}
            )
          </span>
        }
      />
    </div>
  );
}
