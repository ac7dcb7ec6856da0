import type { DashboardStats } from "@smm/domain/posts/get-dashboard-stats";
import type { PostPage } from "@smm/domain/posts/list-posts";
import type { PostView } from "@smm/domain/posts/post";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { api } from "@/lib/api";
import { subscribeToResync, useAppEvent } from "@/lib/events";

/*
 * The brand's post lists and counts as the dashboard reads them. Keys live under ["brand", id, "posts"]
 * so a brand switch drops them with the brand's other data, and a post.changed event refreshes them.
 */

export type { DashboardStats, PostPage, PostView };

export interface PostListParams {
  status?: "pending" | "approved" | "denied";
  limit?: number;
}

export const postKeys = {
  all: (brandId: string) => ["brand", brandId, "posts"] as const,
  stats: (brandId: string) => ["brand", brandId, "posts", "stats"] as const,
  list: (brandId: string, params: PostListParams) => ["brand", brandId, "posts", "list", params] as const,
};

const brandHeaders = (brandId: string) => ({ "X-Brand-Id": brandId });

export function useDashboardStats(brandId: string) {
  return useQuery({
    queryKey: postKeys.stats(brandId),
    queryFn: ({ signal }) =>
      api.get<DashboardStats>("/api/posts/stats", { signal, headers: brandHeaders(brandId) }),
  });
}

export function usePostList(brandId: string, params: PostListParams) {
  return useQuery({
    queryKey: postKeys.list(brandId, params),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams();
      if (params.status) search.set("status", params.status);
      if (params.limit) search.set("limit", String(params.limit));
      const query = search.toString();
      return api.get<PostPage>(`/api/posts${query ? `?${query}` : ""}`, {
        signal,
        headers: brandHeaders(brandId),
      });
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
