import type { NotificationView } from "@smm/domain/web";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { call, client, pathId } from "@/lib/api";

export type { NotificationView };

/*
 * The bell's server state. New, read and deleted notifications also arrive over /api/events, which
 * invalidates these keys (lib/events.ts), so every open page shows the same list.
 */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
};

/** Core spec section 9: notifications are cached for 2 minutes; realtime events refresh them sooner. */
export const NOTIFICATIONS_STALE_MS = 2 * 60_000;

/** Newest first, whatever order they arrive in (the server's order, an optimistic edit). */
export function sortNewestFirst(list: readonly NotificationView[]): NotificationView[] {
  return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function countUnread(list: readonly NotificationView[]): number {
  return list.reduce((count, notification) => (notification.read ? count : count + 1), 0);
}

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: async () => (await call(client.api.notifications.$get())).notifications,
    select: sortNewestFirst,
    staleTime: NOTIFICATIONS_STALE_MS,
  });
}

/**
 * Applies a change to the cached list at once and hands back how to undo it: the bell answers a click
 * immediately and rolls back (with a toast from the caller) when the server refuses.
 */
async function editListOptimistically(
  queryClient: QueryClient,
  edit: (list: NotificationView[]) => NotificationView[],
) {
  const key = notificationKeys.list();
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<NotificationView[]>(key);
  if (previous) queryClient.setQueryData<NotificationView[]>(key, edit(previous));
  return { previous };
}

type Snapshot = { previous: NotificationView[] | undefined };

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot?.previous) queryClient.setQueryData(notificationKeys.list(), snapshot.previous);
}

/** Marks the named notifications read, or all of them when no ids are given ("Mark all read"). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => call(client.api.notifications.read.$post({ json: ids ? { ids } : {} })),
    onMutate: (ids) =>
      editListOptimistically(queryClient, (list) =>
        list.map((notification) =>
          !ids || ids.includes(notification.id) ? { ...notification, read: true } : notification,
        ),
      ),
    onError: (_error, _ids, snapshot) => restore(queryClient, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.api.notifications[":id"].$delete({ param: pathId(id) })),
    onMutate: (id) =>
      editListOptimistically(queryClient, (list) => list.filter((notification) => notification.id !== id)),
    onError: (_error, _id, snapshot) => restore(queryClient, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
