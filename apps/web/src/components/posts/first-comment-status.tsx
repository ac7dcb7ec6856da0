import {
  CircleAlertIcon,
  CircleCheckIcon,
  ClockIcon,
  Loader2Icon,
  MessageSquareIcon,
  RotateCwIcon,
} from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { retryFirstComment, usePostAnswer } from "@/lib/post-media";
import type { PostView } from "@/lib/posts";
import { cn } from "@/lib/utils";

type Shown = "posted" | "failed" | "posting" | "waiting";

/** Where the comment stands: posted, failed (with Retry), being posted, or waiting for the post to go out. */
export function firstCommentShown(post: Pick<PostView, "postedAt" | "firstComment">): Shown | null {
  const comment = post.firstComment;
  if (!comment) return null;
  if (comment.status === "posted") return "posted";
  if (comment.status === "failed") return "failed";
  if (post.postedAt) return "posting";
  return "waiting";
}

const statusText: Record<Shown, string> = {
  posted: "Posted",
  failed: "Failed",
  posting: "Posting…",
  waiting: "Waiting until the post is published",
};

/**
 * A post's first comment on Post Details: its text and how it went on the network. A failed one says the
 * network's reason and offers Retry (retryFirstComment); the post itself stays published either way.
 */
export function FirstCommentStatus({ post, brandId }: { post: PostView; brandId: string }) {
  const answer = usePostAnswer(brandId);
  const [retrying, setRetrying] = useState(false);
  const shown = firstCommentShown(post);
  if (!shown || !post.firstComment) return null;

  async function retry() {
    setRetrying(true);
    try {
      const updated = await retryFirstComment(brandId, post.id);
      answer(updated);
      if (updated.firstComment?.status === "posted")
        toast.success("First comment posted", { duration: 2_000 });
      else if (updated.firstComment?.status === "failed")
        toast.error(updated.firstComment.error ?? "The first comment failed again.", { duration: 4_000 });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not retry the first comment.", {
        duration: 4_000,
      });
    } finally {
      setRetrying(false);
    }
  }

  const Icon =
    shown === "posted"
      ? CircleCheckIcon
      : shown === "failed"
        ? CircleAlertIcon
        : shown === "posting"
          ? Loader2Icon
          : ClockIcon;
  return (
    <section
      className={cn(
        "grid gap-2 rounded-lg border p-3 text-sm",
        shown === "failed" && "border-destructive/40 bg-destructive/5",
      )}
      aria-label="First comment"
      data-testid="first-comment-status"
      data-status={shown}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-1.5 font-medium">
          <MessageSquareIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          First comment
        </h3>
        <span
          className={cn(
            "flex items-center gap-1 text-xs",
            shown === "posted" && "text-success",
            shown === "failed" && "text-destructive",
            (shown === "waiting" || shown === "posting") && "text-muted-foreground",
          )}
          data-testid="first-comment-state"
        >
          <Icon className={cn("size-3.5", shown === "posting" && "animate-spin")} aria-hidden="true" />
          {statusText[shown]}
        </span>
      </div>
      <p className="break-words whitespace-pre-line text-muted-foreground" data-testid="first-comment-text">
        {post.firstComment.text}
      </p>
      {shown === "failed" && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-destructive" data-testid="first-comment-failure">
            {post.firstComment.error ?? "The network did not take the comment."}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void retry()}
            disabled={retrying}
            aria-label="Retry the first comment"
            data-testid="first-comment-retry"
          >
            {retrying ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <RotateCwIcon aria-hidden="true" />
            )}
            Retry
          </Button>
        </div>
      )}
    </section>
  );
}
