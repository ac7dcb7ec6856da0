import type { AnalyticsPlatform, AnalyticsRange } from "@smm/domain/web";
import { RefreshCwIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type AnalyticsViewMode = "overview" | "posts";

function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border bg-card p-0.5" data-testid={props.testId}>
      <legend className="sr-only">{props.label}</legend>
      {props.options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant="ghost"
          aria-pressed={option.value === props.value}
          data-testid={`${props.testId}-${option.value}`}
          className={cn("h-9 px-3", option.value === props.value && "bg-primary/15 text-foreground")}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}

/** View toggle, 7/30/90 days, platform filter and Refresh (spec: Analytics dashboard). */
export function AnalyticsToolbar(props: {
  mode: AnalyticsViewMode;
  onModeChange: (mode: AnalyticsViewMode) => void;
  range: AnalyticsRange;
  onRangeChange: (range: AnalyticsRange) => void;
  platform: AnalyticsPlatform;
  onPlatformChange: (platform: AnalyticsPlatform) => void;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="analytics-toolbar">
      <Segmented
        label="View"
        testId="view"
        value={props.mode}
        onChange={props.onModeChange}
        options={[
          { value: "overview", label: "Overview" },
          { value: "posts", label: "Posts" },
        ]}
      />
      <Segmented
        label="Time range"
        testId="range"
        value={props.range}
        onChange={props.onRangeChange}
        options={[
          { value: "7d", label: "7 days" },
          { value: "30d", label: "30 days" },
          { value: "90d", label: "90 days" },
        ]}
      />
      <Segmented
        label="Platform"
        testId="platform"
        value={props.platform}
        onChange={props.onPlatformChange}
        options={[
          { value: "all", label: "All" },
          { value: "facebook", label: "Facebook" },
          { value: "instagram", label: "Instagram" },
        ]}
      />
      <Button
        variant="outline"
        className="ml-auto"
        onClick={props.onRefresh}
        disabled={props.refreshing}
        data-testid="analytics-refresh"
      >
        <RefreshCwIcon className={cn(props.refreshing && "animate-spin")} aria-hidden="true" />
        Refresh
      </Button>
    </div>
  );
}
