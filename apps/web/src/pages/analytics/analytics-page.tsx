import { ChartColumnIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";

export function AnalyticsPage() {
  return (
    <>
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Marketing Analytics</h1>
        <p className="text-sm text-muted-foreground">Performance and insights of your connected pages.</p>
      </div>
      <EmptyState
        icon={ChartColumnIcon}
        title="No analytics yet"
        description="Reach, engagement, audience insights and post performance of your connected Facebook page will appear here."
        testId="analytics-empty"
      />
    </>
  );
}
