import type { PostPage, PostView } from "@smm/domain/web";
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";

import { applyOptimistic, type PostActionRequest, sendPostAction } from "@/lib/post-actions";

/*
 * The one way a screen acts on a post (dashboard cards, the posts modals, the calendar, swipe review, the
 * chat and generator cards). Every view of a brand's posts lives under ["brand", id, "posts"] (lists, modal
 * pages, the swipe queue, details, calendar months), so one snapshot, one optimistic rewrite, one rollback and
 * one refetch cover them all. Screens add only what is theirs: their toasts and, for the calendar, where a
 * moved post lands.
 */

export type PostActionVariables = { postId: string; action: PostActionRequest };

type Snapshot = [QueryKey, unknown][];

export interface PostActionOptions<TVariables extends PostActionVariables> {
  /** A screen's own placement after the in-place rewrite (the calendar moves a post between months). */
  place?: (queryClient: QueryClient, variables: TVariables) => void;
  onSuccess?: (result: PostView | { deleted: true }, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

const postsScope = (brandId: string) => ["brand", brandId, "posts"] as const;

const isPostView = (value: unknown): value is PostView =>
  typeof value === "object" && value !== null && "id" in value && "state" in value && "content" in value;
const isPage = (value: unknown): value is PostPage =>
  typeof value === "object" && value !== null && Array.isArray((value as PostPage).posts);
const isInfinite = (value: unknown): value is InfiniteData<PostPage> =>
  typeof value === "object" && value !== null && Array.isArray((value as InfiniteData<PostPage>).pages);

/**
 * Rewrites one post wherever a cache holds it as a full post view (lists, modal pages, the swipe queue,
 * details); null takes it out. The calendar's slimmer views are left to its own placement.
 */
function updateCached(data: unknown, postId: string, update: (post: PostView) => PostView | null): unknown {
  const mapPage = (page: PostPage): PostPage => {
    if (!page.posts.some((post) => post.id === postId && isPostView(post))) return page;
    const posts = page.posts.flatMap((post) => {
      if (post.id !== postId) return [post];
      const next = update(post);
      return next ? [next] : [];
    });
    return { ...page, posts, total: page.total - (page.posts.length - posts.length) };
  };
  if (isInfinite(data)) return { ...data, pages: data.pages.map(mapPage) };
  if (isPage(data)) return mapPage(data);
  if (isPostView(data) && data.id === postId) return update(data) ?? data;
  return data;
}

/**
 * Performs a lifecycle action on a post: optimistic in every cached view of it (the state is the domain
 * lifecycle's, via applyOptimistic), rolled back on refusal, the server's answer written back, and every
 * view of the brand's posts refetched afterwards.
 */
export function usePostAction<TVariables extends PostActionVariables = PostActionVariables>(
  brandId: string,
  options: PostActionOptions<TVariables> = {},
) {
  const queryClient = useQueryClient();
  const scope = postsScope(brandId);
  return useMutation<PostView | { deleted: true }, Error, TVariables, { snapshot: Snapshot }>({
    mutationFn: ({ postId, action }) => sendPostAction(brandId, postId, action),
    onMutate: async (variables) => {
      const { postId, action } = variables;
      await queryClient.cancelQueries({ queryKey: scope });
      const snapshot = queryClient.getQueriesData({ queryKey: scope });
      const now = new Date();
      queryClient.setQueriesData({ queryKey: scope }, (data: unknown) =>
        updateCached(data, postId, (post) =>
          action.type === "delete" ? null : applyOptimistic(post, action, now),
        ),
      );
      options.place?.(queryClient, variables);
      return { snapshot };
    },
    onError: (error, variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      options.onError?.(error, variables);
    },
    onSuccess: (result, variables) => {
      if (isPostView(result)) {
        queryClient.setQueriesData({ queryKey: scope }, (data: unknown) =>
          updateCached(data, variables.postId, () => result),
        );
        // The detail is seeded even where no screen reads it yet, so the next card opens on the answer.
        queryClient.setQueryData([...scope, "detail", result.id], result);
      }
      options.onSuccess?.(result, variables);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
}
