import { ClockIcon, HashIcon, SparklesIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime, futureOptimalTime, type PostView } from "@/lib/generation";
import { swipeInsights } from "@/lib/swipe";

function Score({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-semibold tabular-nums" data-testid={testId}>
          {value}%
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The AI's view of the post on screen: the three scores (spec defaults when missing), hashtags, why, when. */
export function InsightsPanel({ post }: { post: PostView }) {
  const insights = swipeInsights(post);
  const future = futureOptimalTime(post);
  const optimalText = insights.optimalTime
    ? Number.isNaN(Date.parse(insights.optimalTime))
      ? insights.optimalTime
      : formatDateTime(insights.optimalTime)
    : null;

  return (
    <Card className="gap-4" data-testid="swipe-insights" role="region" aria-labelledby="swipe-insights-title">
      <CardHeader>
        <CardTitle>
          <h3 id="swipe-insights-title" className="flex items-center gap-2 text-base font-semibold">
            <SparklesIcon className="size-4 text-primary" aria-hidden="true" />
            AI insights
          </h3>
        </CardTitle>
        <CardDescription>
          {insights.predicted
            ? "What the AI expects from this post."
            : "Typical values: no AI prediction yet."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-3">
          <Score
            label="Engagement prediction"
            value={insights.engagement}
            testId="swipe-insight-engagement"
          />
          <Score label="Audience match" value={insights.audience} testId="swipe-insight-audience" />
          <Score label="Trend score" value={insights.trend} testId="swipe-insight-trend" />
        </div>

        {insights.hashtags.length > 0 && (
          <div className="space-y-1.5">
            <h4 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <HashIcon className="size-3.5" aria-hidden="true" />
              Hashtags
            </h4>
            <ul className="flex flex-wrap gap-1.5" data-testid="swipe-insight-hashtags">
              {insights.hashtags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline" className="font-normal">
                    {tag}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        )}

        {insights.reasoning && (
          <div className="space-y-1.5">
            <h4 className="text-xs font-medium text-muted-foreground">Why it should work</h4>
            <p className="text-sm leading-relaxed break-words" data-testid="swipe-insight-reasoning">
              {insights.reasoning}
            </p>
          </div>
        )}

        <div className="space-y-1.5">
          <h4 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <ClockIcon className="size-3.5" aria-hidden="true" />
            Optimal time
          </h4>
          <p className="text-sm" data-testid="swipe-insight-optimal-time">
            {optimalText ?? "No suggestion"}
          </p>
          <p className="text-xs text-muted-foreground">
            {future
              ? "Approving schedules it for this time."
              : "Approving puts it in the calendar's Approved Content, ready to schedule."}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
