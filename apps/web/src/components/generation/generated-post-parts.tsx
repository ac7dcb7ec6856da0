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
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, type GenerationView, type PostView } from "@/lib/generation";

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
export function ReviewOutcome({ post }: { post: PostView }) {
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

export function CardSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading the post">
      <Skeleton className="h-2 w-full" />
      <Skeleton className="mx-auto aspect-[4/3] w-full max-w-lg" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

export function PostLoadError({
  gone,
  message,
  onGone,
  onRetry,
}: {
  gone: boolean;
  message: string;
  onGone?: () => void;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive" data-testid="generated-post-error">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{gone ? "Post not found" : "Could not load the post"}</AlertTitle>
      <AlertDescription>
        <p>{gone ? "It may have been deleted from another screen." : message}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {gone ? (
            onGone && (
              <Button size="sm" variant="outline" onClick={onGone}>
                Remove from this list
              </Button>
            )
          ) : (
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The whole generation failed, or only its image. */
export function GenerationFailures({ post, view }: { post: PostView; view: GenerationView }) {
  return (
    <>
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
    </>
  );
}

/** Approve, Deny, Try again, Generate another and the links onward, as the post's state allows. */
export function ReviewActions({
  post,
  view,
  canApprove,
  canDeny,
  approveLabel,
  approving,
  denying,
  approveBlocked = null,
  approveBlockedId,
  onApprove,
  onDeny,
  onRetry,
  onGenerateAnother,
}: {
  post: PostView;
  view: GenerationView;
  canApprove: boolean;
  canDeny: boolean;
  /** Why Approve cannot be pressed (the text is over its network's limit); shown by the counter. */
  approveBlocked?: string | null;
  /** The id of the element that says why. */
  approveBlockedId?: string;
  /** What approving does, stated (approvalLabel): at the AI's time, or through the picker. */
  approveLabel: string;
  approving: boolean;
  denying: boolean;
  onApprove: () => void;
  onDeny: () => void;
  onRetry?: () => void;
  onGenerateAnother?: () => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {canApprove && (
          <Button
            onClick={onApprove}
            disabled={approving || approveBlocked !== null}
            aria-describedby={approveBlocked ? approveBlockedId : undefined}
            title={approveBlocked ?? undefined}
            data-testid="generated-post-approve"
          >
            <ThumbsUpIcon aria-hidden="true" />
            {approveLabel}
          </Button>
        )}
        {canDeny && (
          <Button variant="outline" onClick={onDeny} disabled={denying} data-testid="generated-post-deny">
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
    </>
  );
}
