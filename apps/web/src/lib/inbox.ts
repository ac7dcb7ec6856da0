import type { InboxItemView, InboxPageView, InboxThreadDetailView, ReplyDraftView } from "@smm/domain/web";
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";

import { subscribeToResync, useAppEvent } from "@/lib/events";
import { type InboxFilters, toListInboxInput } from "@/lib/inbox-logic";
import { callTool } from "@/lib/tools";

/*
 * The brand's inbox as the screens read and change it: the inbox use cases (listInboxItems, getInboxCounts,
 * getInboxThread, draftReply, sendReply, ...) through the tool API. Keys live under ["brand", id, "inbox"]
 * so a brand switch drops them with the brand's other data, and inbox.changed refreshes them all.
 */

export type { InboxItemView, InboxPageView, InboxThreadDetailView, ReplyDraftView };
export interface InboxCounts {
  unread: number;
  needsReply: number;
}

export const inboxKeys = {
  all: (brandId: string) => ["brand", brandId, "inbox"] as const,
  counts: (brandId: string) => ["brand", brandId, "inbox", "counts"] as const,
  list: (brandId: string, filters: InboxFilters) => ["brand", brandId, "inbox", "list", filters] as const,
  thread: (brandId: string, postId: string) => ["brand", brandId, "inbox", "thread", postId] as const,
};

/** The sidebar's badge: unread comments of the brand, across its posts. */
export function useInboxCounts(brandId: string | undefined) {
  return useQuery({
    queryKey: inboxKeys.counts(brandId ?? ""),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) => callTool<InboxCounts>("getInboxCounts", {}, { brandId, signal }),
    // A server without the inbox yet (or a refusal) shows no badge rather than asking again and again.
    retry: false,
  });
}

/** The conversations, newest activity first, a page at a time (nextBefore is the next page's cursor). */
export function useInboxList(brandId: string | undefined, filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(brandId ?? "", filters),
    enabled: Boolean(brandId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      callTool<InboxPageView>("listInboxItems", toListInboxInput(filters, pageParam), { brandId, signal }),
    getNextPageParam: (last) => last.nextBefore,
    placeholderData: keepPreviousData,
  });
}

/** One post's whole conversation, oldest first (the inbox's right pane, the post details' Comments). */
export function useInboxThread(brandId: string | undefined, postId: string | null) {
  return useQuery({
    queryKey: inboxKeys.thread(brandId ?? "", postId ?? ""),
    enabled: Boolean(brandId && postId),
    queryFn: ({ signal }) =>
      callTool<InboxThreadDetailView>("getInboxThread", { postId }, { brandId, signal }),
  });
}

const refreshInbox = (queryClient: QueryClient, brandId: string) =>
  queryClient.invalidateQueries({ queryKey: inboxKeys.all(brandId) });

/**
 * Keeps every inbox query of the brand current: a comment that arrives (or a reply sent from another tab,
 * the chat or MCP) raises inbox.changed; a stream gap may have hidden some. Mounted once, with the badge.
 */
export function useLiveInbox(brandId: string | undefined) {
  const queryClient = useQueryClient();
  useAppEvent("inbox.changed", (event) => {
    if (brandId && event.brandId === brandId) void refreshInbox(queryClient, brandId);
  });
  useEffect(
    () => (brandId ? subscribeToResync(() => void refreshInbox(queryClient, brandId)) : undefined),
    [queryClient, brandId],
  );
}

/** Puts a changed item into the cached thread at once (the refetch that follows brings the rest). */
function patchThreadItem(queryClient: QueryClient, brandId: string, item: InboxItemView) {
  queryClient.setQueryData<InboxThreadDetailView>(inboxKeys.thread(brandId, item.postId), (thread) => {
    if (!thread) return thread;
    const known = thread.items.some((current) => current.id === item.id);
    return {
      ...thread,
      items: known
        ? thread.items.map((current) => (current.id === item.id ? item : current))
        : [...thread.items, item],
    };
  });
}

/** Opening a conversation reads it: the badge and the list's dots follow. */
export function useMarkInboxRead(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => callTool<InboxCounts>("markInboxRead", { postId }, { brandId }),
    onSuccess: (counts, postId) => {
      if (!brandId) return;
      queryClient.setQueryData(inboxKeys.counts(brandId), counts);
      queryClient.setQueryData<InboxThreadDetailView>(inboxKeys.thread(brandId, postId), (thread) =>
        thread
          ? { ...thread, unread: 0, items: thread.items.map((item) => ({ ...item, read: true })) }
          : thread,
      );
      void queryClient.invalidateQueries({ queryKey: [...inboxKeys.all(brandId), "list"] });
    },
  });
}

export function useDraftReply(brandId: string | undefined) {
  return useMutation({
    mutationFn: (input: { itemId: string; instructions?: string }) =>
      callTool<ReplyDraftView>("draftReply", input, { brandId }),
  });
}

/** An action on one item that answers the item as it now is (send, retry, hide, delete, like). */
function useItemAction<Input>(brandId: string | undefined, tool: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => callTool<InboxItemView>(tool, input, { brandId }),
    onSuccess: (item) => {
      if (!brandId) return;
      patchThreadItem(queryClient, brandId, item);
      void refreshInbox(queryClient, brandId);
    },
  });
}

export const useSendReply = (brandId: string | undefined) =>
  useItemAction<{ itemId: string; text: string }>(brandId, "sendReply");
export const useRetryReply = (brandId: string | undefined) =>
  useItemAction<{ replyId: string }>(brandId, "retryReply");
export const useHideComment = (brandId: string | undefined) =>
  useItemAction<{ itemId: string; hidden: boolean }>(brandId, "hideComment");
export const useDeleteComment = (brandId: string | undefined) =>
  useItemAction<{ itemId: string }>(brandId, "deleteComment");
export const useLikeComment = (brandId: string | undefined) =>
  useItemAction<{ itemId: string }>(brandId, "likeComment");

/** Mark done (or open again): shown at once in the open thread, the list and counts refetched. */
export function useMarkInboxItemsDone(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemIds: string[]; done: boolean; postId: string }) =>
      callTool<{ updated: number }>(
        "markInboxItemsDone",
        { itemIds: input.itemIds, done: input.done },
        { brandId },
      ),
    onMutate: ({ itemIds, done, postId }) => {
      if (!brandId) return;
      queryClient.setQueryData<InboxThreadDetailView>(inboxKeys.thread(brandId, postId), (thread) =>
        thread
          ? {
              ...thread,
              items: thread.items.map((item) =>
                itemIds.includes(item.id)
                  ? { ...item, status: done ? "done" : "open", can: { ...item.can, markDone: !done } }
                  : item,
              ),
            }
          : thread,
      );
    },
    onSettled: () => {
      if (brandId) void refreshInbox(queryClient, brandId);
    },
  });
}
