import { CheckIcon, LayoutDashboardIcon, PartyPopperIcon, PlusIcon, RotateCwIcon, XIcon } from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTimeSaved } from "@/lib/swipe";

export function LoadError({ what, onRetry, testId }: { what: string; onRetry: () => void; testId: string }) {
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertTitle>Could not load {what}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <span>Check your connection and try again.</span>
        <Button variant="outline" size="sm" className="h-10" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function SwipeSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-4xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      role="status"
      aria-busy="true"
      aria-label="Loading pending posts"
      data-testid="swipe-loading"
    >
      <div className="space-y-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-96 w-full rounded-xl" />
        <div className="flex justify-center gap-4">
          <Skeleton className="h-12 w-32" />
          <Skeleton className="h-12 w-32" />
        </div>
      </div>
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}

export function Completion({ approved, denied }: { approved: number; denied: number }) {
  const reviewed = approved + denied;
  return (
    <Card className="mx-auto w-full max-w-xl items-center px-6 text-center" data-testid="swipe-complete">
      <span
        className="flex size-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-600 ring-8 ring-emerald-500/5 dark:text-emerald-400"
        aria-hidden="true"
      >
        <PartyPopperIcon className="size-6" />
      </span>
      <div className="space-y-1.5">
        <h3 className="text-xl font-semibold tracking-tight">All done!</h3>
        <p className="text-sm text-muted-foreground">
          You reviewed {reviewed} {reviewed === 1 ? "post" : "posts"}. No pending posts are left.
        </p>
      </div>
      <dl className="grid w-full grid-cols-3 gap-3">
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Approved</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="swipe-complete-approved">
            {approved}
          </dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Denied</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="swipe-complete-denied">
            {denied}
          </dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Time saved</dt>
          <dd className="text-sm font-semibold sm:text-base" data-testid="swipe-complete-time-saved">
            {formatTimeSaved(reviewed)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground" data-testid="swipe-complete-summary">
        {formatTimeSaved(reviewed)} saved at 2.5 minutes per post.
      </p>
      <CardContent className="flex w-full flex-col gap-2 px-0 sm:flex-row sm:justify-center">
        <Button asChild variant="outline" className="h-10" data-testid="swipe-complete-dashboard">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <Button asChild className="h-10" data-testid="swipe-complete-create">
          <Link to="/create">
            <PlusIcon aria-hidden="true" />
            Create more posts
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function SwipeProgress({
  progress,
  approvedCount,
  deniedCount,
}: {
  progress: { current: number; total: number };
  approvedCount: number;
  deniedCount: number;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span id="swipe-progress-label" className="font-medium">
          Post <span data-testid="swipe-progress">{`${progress.current} of ${progress.total}`}</span>
        </span>
        <span className="text-muted-foreground" data-testid="swipe-session-counts">
          {approvedCount} approved · {deniedCount} denied
        </span>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Review progress"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={Math.max(0, progress.current - 1)}
        aria-valuetext={`${progress.current} of ${progress.total}`}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${progress.total ? ((progress.current - 1) / progress.total) * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}

export function SwipeButtons({
  disabled,
  onDeny,
  onApprove,
}: {
  disabled: boolean;
  onDeny: () => void;
  onApprove: () => void;
}) {
  return (
    <>
      {/*
       * Stuck to the bottom of the window while a tall card runs below it, so Approve and Deny are there
       * without scrolling; on phones high enough to clear the round assistant button.
       */}
      <div className="sticky bottom-20 z-10 flex items-center justify-center gap-4 md:bottom-4">
        <Button
          variant="destructive"
          size="lg"
          className="h-12 min-w-32 rounded-full bg-red-700 text-white hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-800"
          onClick={onDeny}
          disabled={disabled}
          aria-label="Deny this post"
          aria-keyshortcuts="ArrowLeft"
          data-testid="swipe-deny"
        >
          <XIcon aria-hidden="true" />
          Deny
        </Button>
        <Button
          size="lg"
          className="h-12 min-w-32 rounded-full bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-500/50"
          onClick={onApprove}
          disabled={disabled}
          aria-label="Approve this post"
          aria-keyshortcuts="ArrowRight"
          data-testid="swipe-approve"
        >
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
      </div>
      <p className="text-center text-xs text-muted-foreground">
        Drag the card right to approve or left to deny, or press <kbd className="font-sans">→</kbd> /{" "}
        <kbd className="font-sans">←</kbd>.
      </p>
    </>
  );
}
