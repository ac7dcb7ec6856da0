import type { Brand } from "@smm/domain/brands/constants";
import {
  CheckIcon,
  InboxIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  PartyPopperIcon,
  PlusIcon,
  RotateCwIcon,
  XIcon,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { DenyDialog } from "@/components/generation/review-dialogs";
import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useActiveBrand } from "@/lib/brands";
import { formatDateTime, futureOptimalTime, type PostView } from "@/lib/generation";
import type { PostActionRequest } from "@/lib/post-actions";
import { useLivePostQueries } from "@/lib/posts";
import {
  acceptsDecision,
  formatTimeSaved,
  remainingCount,
  SWIPE_DEBOUNCE_MS,
  type SwipeDecision,
  swipeErrorMessage,
  swipeProgress,
  swipeQueue,
  usePendingQueue,
} from "@/lib/swipe";
import { usePostAction } from "@/lib/use-post-action";

import { InsightsPanel } from "./insights-panel";
import { SwipeCard } from "./swipe-card";

// Core spec section 9: success toasts 2000 ms; error toasts 4000 ms.
const SUCCESS_TOAST_MS = 2_000;
const ERROR_TOAST_MS = 4_000;
export const APPROVED_UNSCHEDULED_TOAST = "Approved: find it in the calendar's Approved Content";

function LoadError({ what, onRetry, testId }: { what: string; onRetry: () => void; testId: string }) {
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

function SwipeSkeleton() {
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

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    Boolean(target.closest("[role=dialog], [role=textbox], [role=combobox], [role=listbox], [role=slider]"))
  );
}

function Completion({ approved, denied }: { approved: number; denied: number }) {
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

type Exiting = { post: PostView; direction: SwipeDecision };

function SwipeReview({ brandId, brand }: { brandId: string; brand: Brand | null | undefined }) {
  useLivePostQueries(brandId);
  const queue = usePendingQueue(brandId);
  const review = usePostAction(brandId);

  // The posts decided in this session (in flight or done); a refused one is taken out again.
  const [decided, setDecided] = useState<ReadonlyMap<string, SwipeDecision>>(() => new Map());
  const [exiting, setExiting] = useState<Exiting | null>(null);
  const [denying, setDenying] = useState<PostView | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const lastDecisionAt = useRef<number | null>(null);
  const exitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(exitTimer.current), []);

  const page = queue.data;
  const waiting = useMemo(
    () => (page ? swipeQueue(page.posts, new Set(decided.keys())) : []),
    [page, decided],
  );
  const current = exiting?.post ?? waiting[0] ?? null;
  // The card flying out still counts as the one on screen until the next one shows.
  const reviewed = decided.size - (exiting ? 1 : 0);
  const remaining = page ? remainingCount(page, waiting.length) + (exiting ? 1 : 0) : 0;
  const progress = swipeProgress(reviewed, remaining);
  let approvedCount = 0;
  for (const decision of decided.values()) if (decision === "approve") approvedCount += 1;
  const deniedCount = decided.size - approvedCount;

  const forget = useCallback((postId: string) => {
    setDecided((previous) => {
      const next = new Map(previous);
      next.delete(postId);
      return next;
    });
  }, []);

  /** Takes the decision (unless within 300 ms of the last one) and flies the card out; false if ignored. */
  const decide = useCallback(
    (post: PostView, decision: SwipeDecision, feedback = ""): boolean => {
      const now = Date.now();
      if (exiting || !acceptsDecision(now, lastDecisionAt.current)) return false;
      lastDecisionAt.current = now;
      setDecided((previous) => new Map(previous).set(post.id, decision));
      setExiting({ post, direction: decision });
      clearTimeout(exitTimer.current);
      exitTimer.current = setTimeout(() => setExiting(null), SWIPE_DEBOUNCE_MS);

      const scheduled = decision === "approve" ? futureOptimalTime(post) : null;
      setAnnouncement(
        decision === "approve"
          ? scheduled
            ? `Approved, scheduled for ${formatDateTime(scheduled)}.`
            : "Approved. It is in the calendar's Approved Content."
          : "Denied.",
      );
      const action: PostActionRequest =
        decision === "approve"
          ? { type: "approve", scheduledDate: scheduled?.toISOString() ?? null }
          : { type: "deny", feedback };
      review.mutateAsync({ postId: post.id, action }).then(
        () => {
          if (decision === "deny") {
            toast.success("Post denied. Thanks for the feedback.", { duration: SUCCESS_TOAST_MS });
          } else if (scheduled) {
            toast.success(`Approved and scheduled for ${formatDateTime(scheduled)}`, {
              duration: SUCCESS_TOAST_MS,
            });
          } else {
            toast.success(APPROVED_UNSCHEDULED_TOAST, { duration: SUCCESS_TOAST_MS });
          }
        },
        (error: unknown) => {
          forget(post.id);
          const message = swipeErrorMessage(error, decision);
          toast.error(message, { duration: ERROR_TOAST_MS });
          setAnnouncement(`${message} The post is back in the queue.`);
        },
      );
      return true;
    },
    [exiting, review, forget],
  );

  /** Deny asks for feedback first; the card waits aside until it is given or the dialog is cancelled. */
  const startDeny = useCallback(
    (post: PostView): boolean => {
      if (exiting || denying || !acceptsDecision(Date.now(), lastDecisionAt.current)) return false;
      setDenying(post);
      return true;
    },
    [exiting, denying],
  );

  const onCardDecide = (decision: SwipeDecision) => {
    if (!current || exiting) return false;
    return decision === "approve" ? decide(current, "approve") : startDeny(current);
  };

  // ArrowRight approves, ArrowLeft denies, unless the focus is in a text field or a dialog.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (isTextField(event.target) || denying || !current || exiting) return;
    event.preventDefault();
    if (event.key === "ArrowRight") decide(current, "approve");
    else startDeny(current);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const live = (
    <p className="sr-only" role="status" aria-live="polite" data-testid="swipe-announcer">
      {announcement}
    </p>
  );

  if (queue.isError && !page) {
    return <LoadError what="pending posts" onRetry={() => void queue.refetch()} testId="swipe-error" />;
  }
  if (!page) return <SwipeSkeleton />;

  if (!current) {
    return (
      <>
        {live}
        {decided.size > 0 ? (
          <Completion approved={approvedCount} denied={deniedCount} />
        ) : (
          <EmptyState
            icon={InboxIcon}
            title="No pending posts"
            description="All posts have been reviewed! Create new posts to see them here."
            testId="swipe-empty"
            action={
              <Button asChild className="h-10" data-testid="swipe-empty-create">
                <Link to="/create">
                  <PlusIcon aria-hidden="true" />
                  Create Post
                </Link>
              </Button>
            }
          />
        )}
      </>
    );
  }

  const busy = Boolean(exiting);
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      {live}
      <section className="min-w-0 space-y-4" aria-labelledby="swipe-progress-label">
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

        <div className="overflow-x-clip px-1 py-2">
          <SwipeCard
            key={current.id}
            post={current}
            brand={brand}
            held={denying?.id === current.id ? "deny" : null}
            exiting={exiting?.post.id === current.id ? exiting.direction : null}
            disabled={busy}
            onDecide={onCardDecide}
          />
        </div>

        <div className="flex items-center justify-center gap-4">
          <Button
            variant="destructive"
            size="lg"
            className="h-12 min-w-32 rounded-full bg-red-700 text-white hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-800"
            onClick={() => startDeny(current)}
            disabled={busy || Boolean(denying)}
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
            onClick={() => decide(current, "approve")}
            disabled={busy || Boolean(denying)}
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
      </section>

      <InsightsPanel post={current} />

      <DenyDialog
        key={denying?.id ?? "closed"}
        open={denying !== null}
        onOpenChange={(open) => {
          if (!open) setDenying(null);
        }}
        onDeny={(feedback) => {
          if (denying) decide(denying, "deny", feedback);
        }}
      />
    </div>
  );
}

export function SwipePage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  return (
    <>
      <PageIntro
        description="Swipe to approve or deny pending posts"
        actions={
          <Button asChild variant="outline" className="h-10" data-testid="swipe-exit">
            <Link to="/dashboard">
              <LogOutIcon aria-hidden="true" />
              Exit Swipe Mode
            </Link>
          </Button>
        }
      />
      {brand.isError ? (
        <LoadError what="your brand" onRetry={() => void brand.refetch()} testId="swipe-brand-error" />
      ) : brandId ? (
        <SwipeReview key={brandId} brandId={brandId} brand={brand.data} />
      ) : brand.data === null ? (
        <EmptyState
          icon={InboxIcon}
          title="No brand yet"
          description="Set up a brand to create and review posts."
          testId="swipe-no-brand"
          action={
            <Button asChild className="h-10">
              <Link to="/welcome">Set up a brand</Link>
            </Button>
          }
        />
      ) : (
        <SwipeSkeleton />
      )}
    </>
  );
}
