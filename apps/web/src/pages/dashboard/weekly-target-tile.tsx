import { TargetIcon } from "lucide-react";
import { Link } from "react-router";

import { Card, CardContent } from "@/components/ui/card";
import { useDashboardAnalysis } from "@/lib/agent";

import { gapText } from "../ai-agent/calendar-status";

/**
 * The dashboard's use of the calendar analysis (connections spec: the 7d call on the dashboard, cached for
 * 6 hours there): this week's posts against the weekly target, linking to the agent page.
 */
export function WeeklyTargetTile({ brandId }: { brandId: string }) {
  const analysis = useDashboardAnalysis(brandId);
  // A failed analysis leaves the rest of the dashboard alone; the agent page explains the failure.
  if (analysis.isError) return null;
  const data = analysis.data;
  return (
    <Card className="gap-2 py-4" data-testid="weekly-target-tile">
      <CardContent className="flex items-center justify-between gap-3 px-4">
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-muted-foreground">Weekly target</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="weekly-target-value">
            {data ? `${data.scheduledPostsCount} / ${data.weeklyTarget}` : "…"}
          </p>
          {data && (
            <p className="text-sm" data-testid="weekly-target-status">
              {gapText(data)}
            </p>
          )}
        </div>
        <div className="flex flex-col items-end gap-2">
          <TargetIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          <Link to="/ai-agent" className="text-sm underline underline-offset-4">
            AI agent
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
