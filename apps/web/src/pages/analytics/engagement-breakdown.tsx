import { abbreviateNumber } from "@smm/domain/analytics/schemas";
import { HeartIcon, MessageCircleIcon, MousePointerClickIcon, Share2Icon } from "lucide-react";

import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { AnalyticsView } from "@/lib/analytics";

const PARTS = [
  { key: "likes", label: "Likes", icon: HeartIcon },
  { key: "comments", label: "Comments", icon: MessageCircleIcon },
  { key: "shares", label: "Shares", icon: Share2Icon },
  { key: "clicks", label: "Clicks", icon: MousePointerClickIcon },
] as const;

/** Totals of likes, comments, shares and clicks over the period's posts, each with its share of the whole. */
export function EngagementBreakdown({ breakdown }: { breakdown: AnalyticsView["breakdown"] }) {
  return (
    <Card data-testid="engagement-breakdown">
      <CardHeader>
        <CardTitle>Engagement Breakdown</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {PARTS.map((part) => {
            const value = breakdown[part.key];
            const share = breakdown.total > 0 ? ((value / breakdown.total) * 100).toFixed(1) : "0.0";
            return (
              <li key={part.key} className="rounded-lg border p-3" data-testid={`breakdown-${part.key}`}>
                <div className="flex items-center gap-2 text-sm text-muted-foreground">
                  <part.icon className="size-4" aria-hidden="true" />
                  {part.label}
                </div>
                <div className="mt-1 text-xl font-semibold tabular-nums">{abbreviateNumber(value)}</div>
                <div className="text-xs text-muted-foreground">{share}% of engagement</div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
