import { CheckCircle2Icon, FileTextIcon, SparklesIcon } from "lucide-react";
import type * as React from "react";

import { FacebookIcon } from "@/components/network-icons/facebook";
import { InstagramIcon } from "@/components/network-icons/instagram";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { DashboardStats } from "@/lib/posts";

type StatKey = Exclude<keyof DashboardStats, "pending">;

/** The spec's five stat cards, in the spec's order. */
const STAT_CARDS: {
  key: StatKey;
  label: string;
  icon: React.ComponentType<{ className?: string }>;
  testId: string;
}[] = [
  { key: "total", label: "Total Posts", icon: FileTextIcon, testId: "stat-total" },
  { key: "approved", label: "Approved", icon: CheckCircle2Icon, testId: "stat-approved" },
  { key: "facebook", label: "Facebook", icon: FacebookIcon, testId: "stat-facebook" },
  { key: "instagram", label: "Instagram", icon: InstagramIcon, testId: "stat-instagram" },
  { key: "aiGenerated", label: "AI Generated", icon: SparklesIcon, testId: "stat-ai-generated" },
];

/*
 * Columns follow the width the page body really has (a container query), not the window's: with the
 * assistant open at 1366 px, five columns left "AI Generated" about 75 px and cut it to "AI Gener...".
 */
const GRID = "grid grid-cols-2 gap-3 @sm:grid-cols-3 @3xl:grid-cols-5";

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className="@container">
      <ul className={GRID} aria-label="Post totals" data-testid="dashboard-stats">
        {STAT_CARDS.map(({ key, label, icon: Icon, testId }) => (
          <li key={key} className="last:col-span-2 @sm:last:col-span-1">
            <Card className="h-full gap-2 py-4" data-testid={testId}>
              <CardContent className="flex items-start justify-between gap-2 px-4">
                <div className="min-w-0 space-y-1">
                  <p className="truncate text-sm text-muted-foreground">{label}</p>
                  <p className="text-2xl font-semibold tabular-nums" data-testid="stat-value">
                    {stats[key]}
                  </p>
                </div>
                <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className="@container">
      <div className={GRID} data-testid="dashboard-stats-loading" aria-hidden="true">
        {STAT_CARDS.map(({ key }) => (
          <Card key={key} className="gap-2 py-4 last:col-span-2 @sm:last:col-span-1">
            <CardContent className="space-y-2 px-4">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-7 w-10" />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
