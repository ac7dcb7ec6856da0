import { tomorrowAtNoon } from "@/lib/chat";
import { useApprovePost, useDenyPost, useGeneratedPost } from "@/lib/generation";

/**
 * A post made from the chat: its live state, and the two answers the card offers. Approving from the chat
 * schedules it for tomorrow at noon; denying says where the answer came from.
 */
export function useChatPostCard(brandId: string, postId: string) {
  const { post, view, query } = useGeneratedPost(brandId, postId, { announce: false });
  const approve = useApprovePost(brandId, postId);
  const deny = useDenyPost(brandId, postId);
  return {
    post,
    view,
    loadFailed: query.isError,
    busy: approve.isPending || deny.isPending,
    approve: () => approve.mutate({ scheduledDate: tomorrowAtNoon().toISOString() }),
    deny: () => deny.mutate({ feedback: "Denied from the chat" }),
  };
}
