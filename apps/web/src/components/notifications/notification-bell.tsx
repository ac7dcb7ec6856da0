import {
  BellIcon,
  BellOffIcon,
  CheckCheckIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  InfoIcon,
  Trash2Icon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Skeleton } from "@/components/ui/skeleton";
import { useLiveEventsStatus } from "@/lib/events";
import {
  countUnread,
  type NotificationView,
  useDeleteNotification,
  useMarkNotificationsRead,
  useNotifications,
} from "@/lib/notifications";
import { formatRelativeTime } from "@/lib/relative-time";
import { cn } from "@/lib/utils";

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

const kindIcons = {
  success: { icon: CircleCheckIcon, className: "text-emerald-600 dark:text-emerald-400", label: "Success" },
  error: { icon: CircleAlertIcon, className: "text-destructive", label: "Error" },
  info: { icon: InfoIcon, className: "text-sky-600 dark:text-sky-400", label: "Info" },
} satisfies Record<NotificationView["type"], { icon: typeof InfoIcon; className: string; label: string }>;

/**
 * The header's bell: the unread count, and a panel with the notifications newest first, "Mark all read"
 * and delete. New ones arrive over the realtime channel (lib/events.ts) without a reload.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const deleteNotification = useDeleteNotification();
  const liveStatus = useLiveEventsStatus();
  const now = useNow(open);

  const list = notifications.data ?? [];
  const unread = countUnread(list);
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  function onMarkAllRead() {
    markRead.mutate(undefined, {
      onError: (error) => toast.error(error.message, { duration: ERROR_TOAST_MS }),
    });
  }

  function onDelete(id: string) {
    deleteNotification.mutate(id, {
      onError: (error) => toast.error(error.message, { duration: ERROR_TOAST_MS }),
    });
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="relative text-muted-foreground hover:text-foreground"
          aria-label={label}
          title={label}
          data-testid="notification-bell"
          data-live-status={liveStatus}
        >
          <BellIcon aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
              data-testid="notification-unread-count"
            >
              {unread > 9 ? "9+" : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        aria-label="Notifications"
        data-testid="notification-panel"
      >
        <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
          <div className="min-w-0">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {unread > 0 ? `${unread} unread` : "You're all caught up"}
              {liveStatus === "reconnecting" ? " · Reconnecting…" : null}
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onMarkAllRead}
            disabled={unread === 0}
            data-testid="notifications-mark-all-read"
          >
            <CheckCheckIcon aria-hidden="true" />
            Mark all read
          </Button>
        </div>
        <NotificationList
          state={notifications.isPending ? "loading" : notifications.isError ? "error" : "ready"}
          list={list}
          now={now}
          onDelete={onDelete}
          onRetry={() => void notifications.refetch()}
        />
      </PopoverContent>
    </Popover>
  );
}

function NotificationList({
  state,
  list,
  now,
  onDelete,
  onRetry,
}: {
  state: "loading" | "error" | "ready";
  list: NotificationView[];
  now: Date;
  onDelete: (id: string) => void;
  onRetry: () => void;
}) {
  if (state === "loading") {
    return (
      <div className="grid gap-3 p-4" role="status" aria-busy="true">
        <span className="sr-only">Loading notifications</span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3">
            <Skeleton className="size-4 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-3.5 w-4/5" />
              <Skeleton className="h-3 w-12" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (state === "error") {
    return (
      <div className="grid justify-items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
        <p>Notifications could not be loaded.</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 px-6 py-10 text-center"
        data-testid="notifications-empty"
      >
        <span
          className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground"
          aria-hidden="true"
        >
          <BellOffIcon className="size-4" />
        </span>
        <div className="grid gap-1">
          <p className="text-sm font-medium">No notifications</p>
          <p className="text-xs text-muted-foreground">
            Updates about your posts, generations and plan will show up here.
          </p>
        </div>
      </div>
    );
  }
  return (
    <ul className="max-h-[min(24rem,60svh)] divide-y overflow-y-auto" data-testid="notification-list">
      {list.map((notification) => {
        const kind = kindIcons[notification.type];
        const Icon = kind.icon;
        return (
          <li
            key={notification.id}
            className={cn("flex items-start gap-3 py-2 pr-2 pl-4", !notification.read && "bg-primary/5")}
            data-testid="notification-item"
            data-notification-id={notification.id}
            data-read={notification.read}
          >
            <Icon className={cn("mt-1 size-4 shrink-0", kind.className)} aria-hidden="true" />
            <div className="min-w-0 flex-1 py-0.5">
              <p
                className={cn("text-sm break-words", !notification.read && "font-medium")}
                data-testid="notification-message"
              >
                <span className="sr-only">{kind.label}: </span>
                {notification.message}
              </p>
              <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                {notification.read ? null : (
                  <span className="size-1.5 rounded-full bg-primary" aria-label="Unread" role="img" />
                )}
                <time
                  dateTime={notification.createdAt}
                  title={new Date(notification.createdAt).toLocaleString()}
                  data-testid="notification-time"
                >
                  {formatRelativeTime(notification.createdAt, now)}
                </time>
              </p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="shrink-0 text-muted-foreground hover:text-destructive"
              onClick={() => onDelete(notification.id)}
              aria-label={`Delete notification: ${notification.message}`}
              data-testid="notification-delete"
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
