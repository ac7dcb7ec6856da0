import type { Brand } from "@smm/domain/brands/constants";
import { isPostActionOffered, type PostState } from "@smm/domain/machines/post-actions";
import {
  CalendarClockIcon,
  CalendarDaysIcon,
  CircleAlertIcon,
  LayoutDashboardIcon,
  RefreshCwIcon,
  RotateCwIcon,
  SparklesIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";

import { GenerationProgress } from "@/components/generation/generation-progress";
import { GeneratedPostPreview } from "@/components/generation/post-preview";
import { ApproveDialog, DenyDialog } from "@/components/generation/review-dialogs";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { formatDateTime, type PostView, reviewFeedback, useGeneratedPost } from "@/lib/generation";
import { usePostAction } from "@/lib/use-post-action";
import { cn } from "@/lib/utils";

export const postStateLabels: Record<PostState, string> = {
  generating: "Generating",
  pending: "Pending review",
  approved: "Approved",
  scheduled: "Scheduled",
  published: "Published",
  denied: "Denied",
};

export function PostStateBadge({ state, className }: { state: PostState; className?: string }) {
  const tone: Record<PostState, string> = {
    generating: "border-primary/40 bg-primary/10 text-primary",
    pending: "border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300",
    approved: "border-success/40 bg-success/10 text-success",
    scheduled: "border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300",
    published: "border-success/40 bg-success/10 text-success",
    denied: "border-destructive/40 bg-destructive/10 text-destructive",
  };
  return (
    <Badge
      variant="outline"
      className={cn(tone[state], className)}
      data-testid="post-state"
      data-state={state}
    >
      {postStateLabels[state]}
    </Badge>
  );
}

/** The embedded network is labelled as such: nothing reached a real page. */
function SandboxNote({ post }: { post: PostView }) {
  if (post.publishedVia !== "sandbox") return null;
  return (
    <p data-testid="sandbox-note">
      <Badge variant="outline" className="mr-1.5 align-middle">
        Sandbox
      </Badge>
      Held by the built-in sandbox network. Connect a Facebook page to publish for real.
    </p>
  );
}

/** Where the post stands after review, in words (scheduled date, published date, the denial's reason). */
function ReviewOutcome({ post }: { post: PostView }) {
  if (post.state === "scheduled" && post.scheduledDate) {
    return (
      <Alert variant="success" data-testid="generated-post-outcome">
        <CalendarClockIcon aria-hidden="true" />
        <AlertTitle>Post Approved &amp; Scheduled!</AlertTitle>
        <AlertDescription>
          <p>
            Scheduled for{" "}
            <time
              dateTime={post.scheduledDate}
              className="font-medium"
              data-testid="generated-post-scheduled"
            >
              {formatDateTime(post.scheduledDate)}
            </time>
            . You will find it in your Content Calendar.
          </p>
          <SandboxNote post={post} />
        </AlertDescription>
      </Alert>
    );
  }
  if (post.state === "published") {
    return (
      <Alert variant="success" data-testid="generated-post-outcome">
        <CalendarClockIcon aria-hidden="true" />
        <AlertTitle>Post published</AlertTitle>
        <AlertDescription>
          {post.postedAt && <p>Published {formatDateTime(post.postedAt)}.</p>}
          <SandboxNote post={post} />
        </AlertDescription>
      </Alert>
    );
  }
  if (post.state === "approved") {
    return (
      <Alert variant="success" data-testid="generated-post-outcome">
        <CalendarClockIcon aria-hidden="true" />
        <AlertTitle>Post approved</AlertTitle>
        <AlertDescription>
          <p>It waits in the calendar's Approved Content list until you give it a date.</p>
        </AlertDescription>
      </Alert>
    );
  }
  if (post.state === "denied") {
    return (
      <Alert data-testid="generated-post-outcome">
        <ThumbsDownIcon aria-hidden="true" />
        <AlertTitle>Post Denied</AlertTitle>
        <AlertDescription>
          {post.feedback && <p>Your feedback: {post.feedback}</p>}
          <p>Generate another one, or approve this one after all.</p>
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}

function CardSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading the post">
      <Skeleton className="h-2 w-full" />
      <Skeleton className="mx-auto aspect-[4/3] w-full max-w-lg" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

/**
 * One generated post, followed live: the percent bar and stage while it generates, then the preview and
 * the review actions (Approve with a date, Deny with feedback). The chat can show the same card.
 */
export function GeneratedPostCard({
  brandId,
  postId,
  brand,
  onGenerateAnother,
  onRetry,
  onGone,
  className,
}: {
  brandId: string;
  postId: string;
  brand: Brand | null | undefined;
  /** Clears the result and returns to the (still filled) form. */
  onGenerateAnother?: () => void;
  /** Sends the same request again after a failed generation. */
  onRetry?: () => void;
  /** The post no longer exists (deleted elsewhere). */
  onGone?: () => void;
  className?: string;
}) {
  const { query, post, view } = useGeneratedPost(brandId, postId);
  const approve = usePostAction(brandId, reviewFeedback);
  const deny = usePostAction(brandId, reviewFeedback);
  const [approveOpen, setApproveOpen] = useState(false);
  const [denyOpen, setDenyOpen] = useState(false);

  let body: ReactNode;
  if (!post || !view) {
    if (query.isError) {
      const gone = query.error instanceof ApiError && query.error.status === 404;
      body = (
        <Alert variant="destructive" data-testid="generated-post-error">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{gone ? "Post not found" : "Could not load the post"}</AlertTitle>
          <AlertDescription>
            <p>{gone ? "It may have been deleted from another screen." : query.error.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {gone ? (
                onGone && (
                  <Button size="sm" variant="outline" onClick={onGone}>
                    Remove from this list
                  </Button>
                )
              ) : (
                <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                  <RotateCwIcon aria-hidden="true" />
                  Try again
                </Button>
              )}
            </div>
          </AlertDescription>
        </Alert>
      );
    } else body = <CardSkeleton />;
  } else {
    const reviewable = view.phase !== "generating" && view.phase !== "failed";
    const canApprove = reviewable && isPostActionOffered(post.state, "APPROVE");
    const canDeny = reviewable && isPostActionOffered(post.state, "DENY");
    body = (
      <div className="space-y-5">
        <GenerationProgress view={view} />

        {view.phase === "failed" && (
          <Alert variant="destructive" data-testid="generation-failed">
            <CircleAlertIcon aria-hidden="true" />
            <AlertTitle>Post generation failed</AlertTitle>
            <AlertDescription>
              <p>{post.feedback}</p>
              <p>Your form is untouched: try again, or change the prompt first.</p>
            </AlertDescription>
          </Alert>
        )}
        {view.phase === "image_failed" && (
          <Alert data-testid="image-generation-failed">
            <TriangleAlertIcon aria-hidden="true" className="text-amber-600 dark:text-amber-400" />
            <AlertTitle>The caption is ready, the image is not</AlertTitle>
            <AlertDescription>
              <p>{post.feedback}</p>
            </AlertDescription>
          </Alert>
        )}

        {view.phase !== "failed" && (
          <GeneratedPostPreview post={post} brand={brand} onReloadImage={() => void query.refetch()} />
        )}

        {view.phase !== "failed" && <ReviewOutcome post={post} />}

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          {canApprove && (
            <Button
              onClick={() => setApproveOpen(true)}
              disabled={approve.isPending}
              data-testid="generated-post-approve"
            >
              <ThumbsUpIcon aria-hidden="true" />
              {post.state === "denied" ? "Re-approve" : "Approve"}
            </Button>
          )}
          {canDeny && (
            <Button
              variant="outline"
              onClick={() => setDenyOpen(true)}
              disabled={deny.isPending}
              data-testid="generated-post-deny"
            >
              <ThumbsDownIcon aria-hidden="true" />
              Deny
            </Button>
          )}
          {view.phase === "failed" && onRetry && (
            <Button onClick={onRetry} data-testid="generated-post-retry">
              <RefreshCwIcon aria-hidden="true" />
              Try again
            </Button>
          )}
          {view.phase !== "generating" && onGenerateAnother && (
            <Button variant="secondary" onClick={onGenerateAnother} data-testid="generate-another">
              <SparklesIcon aria-hidden="true" />
              Generate another
            </Button>
          )}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {(post.state === "scheduled" || post.state === "approved") && (
              <Button asChild variant="ghost">
                <Link to="/calendar">
                  <CalendarDaysIcon aria-hidden="true" />
                  Open calendar
                </Link>
              </Button>
            )}
            <Button asChild variant="ghost">
              <Link to="/dashboard" data-testid="generated-post-dashboard">
                <LayoutDashboardIcon aria-hidden="true" />
                Go to dashboard
              </Link>
            </Button>
          </div>
        </div>
        {view.phase === "generating" && (
          <p className="text-xs text-muted-foreground">
            You can leave this page: the post keeps generating and waits for you on the dashboard.
          </p>
        )}

        <ApproveDialog
          post={post}
          open={approveOpen}
          onOpenChange={setApproveOpen}
          onApprove={(date) =>
            approve.mutate({ postId, action: { type: "approve", scheduledDate: date.toISOString() } })
          }
        />
        <DenyDialog
          open={denyOpen}
          onOpenChange={setDenyOpen}
          onDeny={(feedback) => deny.mutate({ postId, action: { type: "deny", feedback } })}
        />
      </div>
    );
  }

  return (
    <section
      aria-labelledby={`generated-post-title-${postId}`}
      className={cn("rounded-xl border bg-card p-4 shadow-xs sm:p-6", className)}
      data-testid="generated-post"
      data-post-id={postId}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`generated-post-title-${postId}`} className="text-base font-semibold">
          Your generated post
        </h2>
        {post && <PostStateBadge state={view?.phase === "failed" ? "denied" : post.state} />}
      </div>
      {body}
    </section>
  );
}
