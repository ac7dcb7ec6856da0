import { BellOffIcon, CircleAlertIcon, CircleCheckIcon, InfoIcon, Trash2Icon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { NotificationView } from "@/lib/notifications";
import { formatRelativeTime } from "@/lib/relative-time";
import { cn } from "@/lib/utils";

const kindIcons = {
  success: { icon: CircleCheckIcon, className: "text-emerald-600 dark:text-emerald-400", label: "Success" },
  error: { icon: CircleAlertIcon, className: "text-destructive", label: "Error" },
  info: { icon: InfoIcon, className: "text-sky-600 dark:text-sky-400", label: "Info" },
} satisfies Record<NotificationView["type"], { icon: typeof InfoIcon; className: string; label: string }>;
export function NotificationList({
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
