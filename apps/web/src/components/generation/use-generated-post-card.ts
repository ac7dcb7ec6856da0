import { useState } from "react";

import { useApproval } from "@/components/posts/use-approval";

import { ApiError } from "@/lib/api";
import { useTextFit } from "@/lib/channels";
import { reviewFeedback, useGeneratedPost } from "@/lib/generation";
import { usePostAction } from "@/lib/use-post-action";

/**
 * One generated post followed live, with its review: which of Approve and Deny the post's state and
 * generation phase offer, the two dialogs, and the requests they send. The card only renders it.
 */
export function useGeneratedPostCard(brandId: string, postId: string, { announce = true } = {}) {
  const { query, post, view } = useGeneratedPost(brandId, postId, { announce });
  // Counted the network's way: a version over its limit is one the server will not approve.
  const textFit = useTextFit(brandId, post?.platform, post?.content ?? "", Boolean(post?.imageUrl));
  const approve = usePostAction(brandId, reviewFeedback);
  const deny = usePostAction(brandId, reviewFeedback);
  const approval = useApproval(
    post,
    (date) => approve.mutate({ postId, action: { type: "approve", scheduledDate: date.toISOString() } }),
    (expected) =>
      approve.mutate({
        postId,
        action: { type: "approve", scheduledDate: expected.toISOString(), atOptimalTime: true },
      }),
  );
  const [denyOpen, setDenyOpen] = useState(false);

  const reviewable = Boolean(view) && view?.phase !== "generating" && view?.phase !== "failed";
  return {
    post,
    view,
    loadError: query.isError ? query.error : null,
    gone: query.error instanceof ApiError && query.error.status === 404,
    reload: () => void query.refetch(),
    canApprove: reviewable && Boolean(post?.availableActions.includes("approve")),
    textFit,
    /** Why Approve is disabled: the text is over its network's limit. */
    approveBlocked: reviewable && post?.state !== "generating" ? (textFit?.reason ?? null) : null,
    canDeny: reviewable && Boolean(post?.availableActions.includes("deny")),
    approving: approve.isPending,
    denying: deny.isPending,
    approval,
    denyOpen,
    setDenyOpen,
    denyWith: (feedback: string) => deny.mutate({ postId, action: { type: "deny", feedback } }),
  };
}
