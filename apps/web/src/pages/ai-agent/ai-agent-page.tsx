import { useState } from "react";

import { NoBrandState } from "@/components/no-brand-state";
import { PageIntro } from "@/components/page-intro";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import {
  type CalendarRange,
  useAgentSettings,
  useCalendarAnalysis,
  useLiveAgentQueries,
  useRefreshAnalysis,
  useSuggestions,
} from "@/lib/agent";
import { useActiveBrand } from "@/lib/brands";
import { useDashboardStats } from "@/lib/posts";

import { AgentSection } from "./agent-section";
import { AgentSettingsForm } from "./agent-settings-form";
import { CalendarStatusBody, type CalendarSummary, RangeAndRefresh } from "./calendar-status";
import { SuggestionList } from "./suggestion-list";

function useAgentPage(brandId: string) {
  useLiveAgentQueries(brandId);
  const [range, setRange] = useState<CalendarRange>("7d");
  const analysis = useCalendarAnalysis(brandId, range);
  const refresh = useRefreshAnalysis(brandId, range);
  const suggestions = useSuggestions(brandId);
  const settings = useAgentSettings();
  const stats = useDashboardStats(brandId);
  // The local summary shown when the analysis fails: live counts and the target, without this week's count.
  const target = settings.data?.postsPerWeek;
  const fallback: CalendarSummary | null =
    stats.data && target !== undefined
      ? {
          scheduledPostsCount: null,
          pendingPostsCount: stats.data.pending,
          weeklyTarget: target,
          contentGap: target,
          targetMet: false,
        }
      : null;
  const failed = analysis.isError || refresh.isError;
  return { range, setRange, analysis, refresh, suggestions, fallback, failed };
}

function AgentPage({ brandId }: { brandId: string }) {
  const page = useAgentPage(brandId);
  const active = page.suggestions.data?.length ?? 0;
  const analyze = () => page.refresh.mutate();
  return (
    <div className="space-y-4">
      <AgentSection
        title="Content Calendar Status"
        testId="calendar-status"
        actions={
          <RangeAndRefresh
            range={page.range}
            onRangeChange={(range) => {
              page.refresh.reset();
              page.setRange(range);
            }}
            onRefresh={analyze}
            refreshing={page.refresh.isPending}
          />
        }
      >
        <CalendarStatusBody
          analysis={page.analysis.data}
          loading={page.analysis.isPending}
          failed={page.failed}
          fallback={page.fallback}
          onAnalyze={analyze}
          analyzing={page.refresh.isPending}
        />
      </AgentSection>
      <AgentSection
        title="AI Suggestions"
        testId="ai-suggestions"
        badge={
          <Badge variant="secondary" data-testid="suggestions-count">
            {active} active
          </Badge>
        }
      >
        <SuggestionList
          brandId={brandId}
          suggestions={page.suggestions.data}
          loading={page.suggestions.isPending}
          failed={page.suggestions.isError}
          onRetry={() => void page.suggestions.refetch()}
        />
      </AgentSection>
      <AgentSection title="Agent Settings" testId="agent-settings-section">
        <AgentSettingsForm />
      </AgentSection>
    </div>
  );
}

export function AiAgentPage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  return (
    <>
      <PageIntro
        heading="AI Social Media Agent"
        description="Calendar analysis, suggestions and automated scheduling."
      />
      {brand.isPending ? (
        <Skeleton className="h-40" />
      ) : brandId ? (
        <AgentPage key={brandId} brandId={brandId} />
      ) : (
        <NoBrandState
          purpose="The agent analyses and fills your brand's calendar"
          testId="ai-agent-no-brand"
        />
      )}
    </>
  );
}
