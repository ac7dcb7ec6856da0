import { CrownIcon, GaugeIcon, OctagonAlertIcon } from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { UserPlan } from "@/lib/plan";

export { planLimitMessage } from "@/lib/plan";

/** "3 of 5 posts left this month · 1 of 1 today", or unlimited. */
export function PlanUsage({ plan, isPending }: { plan: UserPlan | undefined; isPending: boolean }) {
  if (isPending) return <Skeleton className="h-4 w-56" role="status" aria-label="Loading your plan" />;
  if (!plan) return null;
  const monthly =
    plan.postsRemaining === null || plan.maxPosts === null
      ? `Unlimited posts on the ${plan.name} plan`
      : `${plan.postsRemaining} of ${plan.maxPosts} ${plan.maxPosts === 1 ? "post" : "posts"} left this month`;
  const daily =
    plan.dailyPostsRemaining === null || plan.maxDailyPosts === null
      ? null
      : `${plan.dailyPostsRemaining} of ${plan.maxDailyPosts} today`;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="plan-usage">
      <GaugeIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {monthly}
        {daily && ` · ${daily}`}
      </span>
    </p>
  );
}

export function PlanLimitAlert({ message, showUpgrade }: { message: string; showUpgrade: boolean }) {
  return (
    <Alert variant="destructive" data-testid="plan-limit">
      <OctagonAlertIcon aria-hidden="true" />
      <AlertTitle>Post limit reached</AlertTitle>
      <AlertDescription>
        <p data-testid="plan-limit-message">{message}</p>
        {showUpgrade && (
          <Button asChild size="sm" className="mt-2">
            <Link to="/subscription" data-testid="plan-limit-upgrade">
              <CrownIcon aria-hidden="true" />
              Upgrade
            </Link>
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
