import type { Brand } from "@smm/domain/web";
import type { ReactNode } from "react";

import {
  CardSkeleton,
  GenerationFailures,
  PostLoadError,
  ReviewActions,
  ReviewOutcome,
} from "@/components/generation/generated-post-parts";
import { GenerationProgress } from "@/components/generation/generation-progress";
import { GeneratedPostPreview } from "@/components/generation/post-preview";
import { ApproveDialog, DenyDialog } from "@/components/generation/review-dialogs";
import { TextCounter } from "@/components/generation/text-counter";
import { useGeneratedPostCard } from "@/components/generation/use-generated-post-card";
import { PostMediaButton } from "@/components/posts/media-editor/post-media-button";
import { PostStateBadge, postStateLabels } from "@/components/posts/post-badges";
import { cn } from "@/lib/utils";

export { PostStateBadge, postStateLabels };

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
  const card = useGeneratedPostCard(brandId, postId);
  const { post, view } = card;

  let body: ReactNode;
  if (!post || !view) {
    body = card.loadError ? (
      <PostLoadError
        gone={card.gone}
        message={card.loadError.message}
        onGone={onGone}
        onRetry={card.reload}
      />
    ) : (
      <CardSkeleton />
    );
  } else {
    body = (
      <div className="space-y-5">
        <GenerationProgress view={view} />

        <GenerationFailures post={post} view={view} />

        {view.phase !== "failed" && (
          <GeneratedPostPreview post={post} brand={brand} onReloadImage={card.reload} />
        )}

        {view.phase !== "failed" && post.content && card.textFit && (
          <TextCounter
            fit={card.textFit.fit}
            reason={card.textFit.reason}
            note={card.textFit.note}
            reasonId={`generated-post-limit-${postId}`}
            testId="generated-post-counter"
          />
        )}

        {view.phase !== "failed" && view.phase !== "generating" && (
          <PostMediaButton post={post} label="Edit media" className="w-full sm:w-fit" />
        )}

        {view.phase !== "failed" && <ReviewOutcome post={post} />}

        <ReviewActions
          post={post}
          view={view}
          canApprove={card.canApprove}
          canDeny={card.canDeny}
          approving={card.approving}
          denying={card.denying}
          approveLabel={card.approval.label}
          approveBlocked={card.approveBlocked}
          approveBlockedId={`generated-post-limit-${postId}`}
          onApprove={card.approval.approve}
          onDeny={() => card.setDenyOpen(true)}
          onRetry={onRetry}
          onGenerateAnother={onGenerateAnother}
        />

        <ApproveDialog
          post={post}
          open={card.approval.pickerOpen}
          onOpenChange={card.approval.setPickerOpen}
          onApprove={card.approval.approveAt}
        />
        <DenyDialog open={card.denyOpen} onOpenChange={card.setDenyOpen} onDeny={card.denyWith} />
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
