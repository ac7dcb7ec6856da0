import type { PostView } from "@smm/domain/web";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { call, callOptions, client } from "@/lib/api";
import { generationKeys } from "@/lib/generation";
import { applyOptimistic } from "@/lib/post-actions";

/*
 * A post written for several channels is one post per channel, kept together by its groupId. Approving
 * the group approves every version for one time, or none of them: the server checks each against its
 * network first (a version over its limit is refused with text_over_limit).
 */

export interface ApproveGroupVariables {
  groupId: string;
  /** The group's posts as the screen holds them (their caches are updated in place). */
  postIds: string[];
  /** ISO date; null leaves them approved without a date. */
  scheduledDate: string | null;
}

type Snapshot = [string, PostView | undefined][];

/** Approve all: optimistic on every version the screen shows, rolled back if the server refuses. */
export function useApprovePostGroup(brandId: string) {
  const queryClient = useQueryClient();
  const keyOf = (postId: string) => generationKeys.post(brandId, postId);
  return useMutation<{ posts: PostView[] }, Error, ApproveGroupVariables, { snapshot: Snapshot }>({
    mutationFn: ({ groupId, scheduledDate }) =>
      call(
        client.api.posts.groups.approve.$post(
          { json: { groupId, ...(scheduledDate ? { scheduledDate } : {}) } },
          callOptions({ brandId }),
        ),
      ),
    onMutate: async ({ postIds, scheduledDate }) => {
      const now = new Date();
      const snapshot: Snapshot = [];
      for (const postId of postIds) {
        await queryClient.cancelQueries({ queryKey: keyOf(postId) });
        const post = queryClient.getQueryData<PostView>(keyOf(postId));
        snapshot.push([postId, post]);
        if (post?.availableActions.includes("approve"))
          queryClient.setQueryData(
            keyOf(postId),
            applyOptimistic(post, { type: "approve", scheduledDate }, now),
          );
      }
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [postId, post] of context?.snapshot ?? []) queryClient.setQueryData(keyOf(postId), post);
    },
    onSuccess: ({ posts }) => {
      for (const post of posts) queryClient.setQueryData(keyOf(post.id), post);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: generationKeys.posts(brandId) }),
  });
}
