import type { DashboardStats, PostPage, PostView } from "@smm/domain/web";
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";

import {
  type PostListFilters,
  type PostListVariant,
  toListQuery,
  toSearchParams,
} from "@/components/posts/post-logic";
import { call, callOptions, client, pathId } from "@/lib/api";
import { subscribeToResync, useAppEvent } from "@/lib/events";
import { actionErrorMessage } from "@/lib/generation";
import { applyOptimistic, type PostActionRequest } from "@/lib/post-actions";
import type { PostActionOptions, PostActionVariables } from "@/lib/use-post-action";

/*
 * The brand's post lists and counts as the dashboard reads them. Keys live under ["brand", id, "posts"]
 * so a brand switch drops them with the brand's other data, and a post.changed event refreshes them.
 */

export type { DashboardStats, PostPage, PostView };
export { applyOptimistic, type PostActionRequest };

export interface PostListParams {
  status?: "pending" | "approved" | "denied";
  state?: "pending";
  limit?: number;
}

export const postKeys = {
  all: (brandId: string) => ["brand", brandId, "posts"] as const,
  stats: (brandId: string) => ["brand", brandId, "posts", "stats"] as const,
  list: (brandId: string, params: PostListParams) => ["brand", brandId, "posts", "list", params] as const,
  /** The modals' keyset pages; under "list" so post.changed refreshes them with the dashboard's lists. */
  infinite: (brandId: string, variant: PostListVariant, filters: PostListFilters) =>
    ["brand", brandId, "posts", "list", "infinite", variant, filters] as const,
  detail: (brandId: string, postId: string) => ["brand", brandId, "posts", "detail", postId] as const,
};

export function useDashboardStats(brandId: string) {
  return useQuery({
    queryKey: postKeys.stats(brandId),
    queryFn: ({ signal }) => call(client.api.posts.stats.$get(undefined, callOptions({ brandId, signal }))),
  });
}

export function usePostList(brandId: string, params: PostListParams) {
  return useQuery({
    queryKey: postKeys.list(brandId, params),
    queryFn: ({ signal }) => {
      const query = {
        ...(params.status ? { status: params.status } : {}),
        ...(params.state ? { state: params.state } : {}),
        ...(params.limit ? { limit: String(params.limit) } : {}),
      };
      return call(client.api.posts.$get({ query }, callOptions({ brandId, signal })));
    },
  });
}

/** Keeps the brand's post counts and lists current: refetched on post.changed and after a stream gap. */
export function useLivePostQueries(brandId: string) {
  const queryClient = useQueryClient();
  useAppEvent("post.changed", (event) => {
    if (event.brandId !== brandId) return;
    void queryClient.invalidateQueries({ queryKey: postKeys.stats(brandId) });
    void queryClient.invalidateQueries({ queryKey: [...postKeys.all(brandId), "list"] });
  });
  useEffect(
    () =>
      subscribeToResync(() => {
        void queryClient.invalidateQueries({ queryKey: postKeys.stats(brandId) });
        void queryClient.invalidateQueries({ queryKey: [...postKeys.all(brandId), "list"] });
      }),
    [queryClient, brandId],
  );
}

// ---- the All Posts and Pending Approval modals ----

/** Keyset pages of 8 (core spec section 9) with the server's filters, search and sort. */
export function useInfinitePostList(brandId: string, variant: PostListVariant, filters: PostListFilters) {
  return useInfiniteQuery({
    queryKey: postKeys.infinite(brandId, variant, filters),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      call(
        client.api.posts.$get(
          {
            query: Object.fromEntries(
              new URLSearchParams(toSearchParams({ ...toListQuery(filters, variant), cursor: pageParam })),
            ),
          },
          callOptions({ brandId, signal }),
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * One post, kept current by post.changed: the Post Details modal (starting from the copy a list holds) and
 * the calendar's Post Preview (which only has the grid's excerpt and reads the post when it opens).
 */
export function usePost(brandId: string, postId: string, initial?: PostView) {
  const queryClient = useQueryClient();
  const key = postKeys.detail(brandId, postId);
  useAppEvent("post.changed", (event) => {
    if (event.brandId === brandId && event.postId === postId)
      void queryClient.invalidateQueries({ queryKey: key });
  });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(client.api.posts[":id"].$get({ param: pathId(postId) }, callOptions({ brandId, signal }))),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    retry: false,
  });
}

// ---- the post card's actions ----

const SUCCESS_TOAST_MS = 2_000;
const ERROR_TOAST_MS = 4_000;

const successText: Record<PostActionRequest["type"], string> = {
  approve: "Post approved",
  deny: "Post denied",
  edit: "Post updated",
  schedule: "Post scheduled",
  reschedule: "Post scheduled",
  publish: "Post published",
  cancel: "Scheduled post cancelled",
  delete: "Post deleted",
};

const failureText: Record<PostActionRequest["type"], string> = {
  approve: "Failed to schedule post. Please try again.",
  deny: "Failed to deny post. Please try again.",
  edit: "Failed to update post. Please try again.",
  schedule: "Failed to schedule post. Please try again.",
  reschedule: "Failed to schedule post. Please try again.",
  publish: "Failed to publish post. Please try again.",
  cancel: "Failed to cancel post. Please try again.",
  delete: "Failed to delete post. Please try again.",
};

/** The post card's words for each action (usePostAction does the request, the caches and the rollback). */
export const postCardFeedback: PostActionOptions<PostActionVariables> = {
  onSuccess: (_result, { action }) => {
    toast.success(successText[action.type], { duration: SUCCESS_TOAST_MS });
  },
  onError: (error, { action }) => {
    toast.error(actionErrorMessage(error, failureText[action.type]), { duration: ERROR_TOAST_MS });
  },
};
