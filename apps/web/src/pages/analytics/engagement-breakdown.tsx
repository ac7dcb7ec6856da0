import { abbreviateNumber, NO_ENGAGEMENT_DATA } from "@smm/domain/web";
import { ActivityIcon, HeartIcon, MessageCircleIcon, MousePointerClickIcon, Share2Icon } from "lucide-react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { AnalyticsView } from "@/lib/analytics";
import { cn } from "@/lib/utils";

const PARTS = [
  { key: "likes", label: "Likes", icon: HeartIcon },
  { key: "comments", label: "Comments", icon: MessageCircleIcon },
  { key: "shares", label: "Shares", icon: Share2Icon },
  { key: "clicks", label: "Clicks", icon: MousePointerClickIcon },
] as const;

/**
 * The Total Engagement card explained: the period's posts' likes, comments, shares and clicks, and as Other
 * what the page counted that no post's parts account for, each with its share of the whole.
 */
export function EngagementBreakdown({ breakdown }: { breakdown: AnalyticsView["breakdown"] }) {
  // A cache written before Other existed reads as none.
  const other = breakdown.other ?? 0;
  const parts = [
    ...PARTS.map((part) => ({ ...part, value: breakdown[part.key] })),
    ...(other > 0 ? [{ key: "other", label: "Other", icon: ActivityIcon, value: other }] : []),
  ];
  return (
    <Card data-testid="engagement-breakdown">
      <CardHeader>
        <CardTitle>Engagement Breakdown</CardTitle>
        <CardDescription data-testid="breakdown-total">
          {abbreviateNumber(breakdown.total)} engagements in this period
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {breakdown.total === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="breakdown-empty">
            {NO_ENGAGEMENT_DATA}
          </p>
        ) : null}
        <ul className={cn("grid grid-cols-2 gap-3", parts.length > 4 ? "md:grid-cols-3" : "md:grid-cols-4")}>
          {parts.map((part) => {
            const share = breakdown.total > 0 ? ((part.value / breakdown.total) * 100).toFixed(1) : "0.0";
            return (
              <li key={part.key} className="rounded-lg border p-3" data-testid={`breakdown-${part.key}`}>
                <div className="flex items-center gap-2 text-sm text-muted-foreground">
                  <part.icon className="size-4" aria-hidden="true" />
                  {part.label}
                </div>
                <div className="mt-1 text-xl font-semibold tabular-nums">{abbreviateNumber(part.value)}</div>
                <div className="text-xs text-muted-foreground">{share}% of engagement</div>
              </li>
            );
          })}
        </ul>
        {other > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="breakdown-other-note">
            Other is engagement the page counted that this period's posts do not account for (the page itself,
            or older posts).
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
