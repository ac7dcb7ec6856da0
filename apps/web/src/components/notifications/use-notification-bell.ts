import { useEffect, useState } from "react";
import { toast } from "sonner";

import { useLiveEventsStatus } from "@/lib/events";
import {
  countUnread,
  useDeleteNotification,
  useMarkNotificationsRead,
  useNotifications,
} from "@/lib/notifications";

// Core spec section 9: error toasts stay 4000 ms; relative times refresh with the 60 s clock.
const ERROR_TOAST_MS = 4000;
const CLOCK_REFRESH_MS = 60_000;

/** The current time, re-read every minute while `active`, so 'now' becomes '1m ago' with the panel open. */
function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
/**
 * The bell's state: the panel open or not, the notifications and their unread count, the live channel's
 * status, and mark-all-read and delete with their error toasts. The bell only renders it.
 */
export function useNotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const deleteNotification = useDeleteNotification();
  const liveStatus = useLiveEventsStatus();
  const now = useNow(open);

  const list = notifications.data ?? [];
  const unread = countUnread(list);

  return {
    open,
    setOpen,
    list,
    unread,
    label: unread > 0 ? `Notifications, ${unread} unread` : "Notifications",
    liveStatus,
    now,
    state: notifications.isPending
      ? ("loading" as const)
      : notifications.isError
        ? ("error" as const)
        : ("ready" as const),
    retry: () => void notifications.refetch(),
    markAllRead: () => {
      markRead.mutate(undefined, {
        onError: (error) => toast.error(error.message, { duration: ERROR_TOAST_MS }),
      });
    },
    remove: (id: string) => {
      deleteNotification.mutate(id, {
        onError: (error) => toast.error(error.message, { duration: ERROR_TOAST_MS }),
      });
    },
  };
}
