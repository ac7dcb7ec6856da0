import { tomorrowAtNoon } from "@/lib/chat";
import { reviewFeedback, useGeneratedPost } from "@/lib/generation";
import { usePostAction } from "@/lib/use-post-action";

/**
 * A post made from the chat: its live state, and the two answers the card offers. Approving from the chat
 * schedules it for tomorrow at noon; denying says where the answer came from.
 */
export function useChatPostCard(brandId: string, postId: string) {
  const { post, view, query } = useGeneratedPost(brandId, postId, { announce: false });
  const approve = usePostAction(brandId, reviewFeedback);
  const deny = usePostAction(brandId, reviewFeedback);
  return {
    post,
    view,
    loadFailed: query.isError,
    busy: approve.isPending || deny.isPending,
    approve: () =>
      approve.mutate({ postId, action: { type: "approve", scheduledDate: tomorrowAtNoon().toISOString() } }),
    deny: () => deny.mutate({ postId, action: { type: "deny", feedback: "Denied from the chat" } }),
  };
}
