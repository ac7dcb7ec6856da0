import { ANALYTICS_ERROR_TITLE, ANALYTICS_GENERIC_ERROR, NO_POST_DATA } from "@smm/domain/web";
import { AlertTriangleIcon, CircleAlertIcon, FileTextIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { NoBrandState } from "@/components/no-brand-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import {
  type AnalyticsPlatform,
  type AnalyticsRange,
  type AnalyticsView,
  useAnalytics,
  useLiveAnalytics,
  useRefreshAnalytics,
} from "@/lib/analytics";
import { ApiError } from "@/lib/api";
import { useActiveBrand } from "@/lib/brands";
import { cn } from "@/lib/utils";
import { AnalyticsToolbar, type AnalyticsViewMode } from "./analytics-toolbar";
import { AudienceInsights } from "./audience-insights";
import { EngagementBreakdown } from "./engagement-breakdown";
import { MetricCards } from "./metric-cards";
import { PerformanceChart } from "./performance-chart";
import { PostPerformance } from "./post-performance";
import { PostTable } from "./post-table";
import { RepliesCard } from "./replies-card";

function AnalyticsSkeleton() {
  return (
    <div className="space-y-4" data-testid="analytics-loading" aria-busy="true">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
      <Skeleton className="h-56" />
    </div>
  );
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : ANALYTICS_GENERIC_ERROR);

function Dashboard({
  brandId,
  view,
  mode,
}: {
  brandId: string;
  view: AnalyticsView;
  mode: AnalyticsViewMode;
}) {
  if (mode === "posts")
    return view.posts.length === 0 ? (
      <div
        className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground"
        data-testid="posts-view-empty"
      >
        <FileTextIcon className="size-6" aria-hidden="true" />
        <p className="font-medium text-foreground">{NO_POST_DATA}</p>
        <p>Published posts appear here with their reach and engagement.</p>
        <Button asChild size="sm" variant="outline">
          <Link to="/create">Create a post</Link>
        </Button>
      </div>
    ) : (
      <PostTable posts={view.posts} testId="posts-view-table" />
    );
  return (
    <div className="space-y-4">
      <MetricCards view={view} />
      <PerformanceChart daily={view.daily} />
      <div className="grid gap-4 lg:grid-cols-2">
        <AudienceInsights audience={view.audience} />
        <EngagementBreakdown breakdown={view.breakdown} />
      </div>
      <RepliesCard brandId={brandId} />
      <PostPerformance view={view} />
    </div>
  );
}

function BrandAnalytics({ brandId }: { brandId: string }) {
  const [range, setRange] = useState<AnalyticsRange>("30d");
  const [platform, setPlatform] = useState<AnalyticsPlatform>("all");
  const [mode, setMode] = useState<AnalyticsViewMode>("overview");
  useLiveAnalytics(brandId);
  const query = useAnalytics(brandId, range, platform);
  const refresh = useRefreshAnalytics(brandId, range, platform);
  const error = refresh.error ?? query.error;
  const view = query.data;
  return (
    <div className="space-y-4">
      <AnalyticsToolbar
        mode={mode}
        onModeChange={setMode}
        range={range}
        onRangeChange={setRange}
        platform={platform}
        onPlatformChange={setPlatform}
        refreshing={refresh.isPending || query.isFetching}
        onRefresh={() => refresh.mutate()}
      />
      {view && !view.pageConnected ? (
        <Alert data-testid="analytics-no-page">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>No Facebook page connected</AlertTitle>
          <AlertDescription>
            <p>
              Connect your Facebook page to see its insights. Until then these numbers come from the Sandbox
              network, for the posts published there.
            </p>
            <Button asChild size="sm" className="mt-2">
              <Link to="/settings?tab=facebook">Go to Settings</Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="destructive" data-testid="analytics-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{ANALYTICS_ERROR_TITLE}</AlertTitle>
          <AlertDescription>{errorText(error)}</AlertDescription>
        </Alert>
      ) : null}
      {view ? (
        <div
          className={cn(query.isPlaceholderData && "opacity-60 transition-opacity")}
          data-testid="analytics-dashboard"
        >
          <p className="mb-3 text-xs text-muted-foreground" data-testid="analytics-source">
            {view.network === "meta" ? "Facebook" : "Sandbox network"} · updated{" "}
            {new Date(view.updatedAt).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}
          </p>
          <Dashboard brandId={brandId} view={view} mode={mode} />
        </div>
      ) : query.isPending ? (
        <AnalyticsSkeleton />
      ) : null}
    </div>
  );
}

export function AnalyticsPage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  return (
    <>
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Marketing Analytics</h1>
        <p className="text-sm text-muted-foreground">Performance and insights of your page and posts.</p>
      </div>
      {brand.isPending ? (
        <AnalyticsSkeleton />
      ) : brandId ? (
        <BrandAnalytics key={brandId} brandId={brandId} />
      ) : (
        <NoBrandState purpose="Analytics show how your brand's posts perform" testId="analytics-no-brand" />
      )}
    </>
  );
}
