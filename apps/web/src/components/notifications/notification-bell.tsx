import { BellIcon, CheckCheckIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

import { NotificationList } from "./notification-list";
import { useNotificationBell } from "./use-notification-bell";

/**
 * The header's bell: the unread count, and a panel with the notifications newest first, "Mark all read"
 * and delete. New ones arrive over the realtime channel (lib/events.ts) without a reload.
 */
export function NotificationBell() {
  const bell = useNotificationBell();

  return (
    <Popover open={bell.open} onOpenChange={bell.setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="relative text-muted-foreground hover:text-foreground"
          aria-label={bell.label}
          title={bell.label}
          data-testid="notification-bell"
          data-live-status={bell.liveStatus}
        >
          <BellIcon aria-hidden="true" />
          {bell.unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
              data-testid="notification-unread-count"
            >
              {bell.unread > 9 ? "9+" : bell.unread}
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
              {bell.unread > 0 ? `${bell.unread} unread` : "You're all caught up"}
              {bell.liveStatus === "reconnecting" ? " · Reconnecting…" : null}
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={bell.markAllRead}
            disabled={bell.unread === 0}
            data-testid="notifications-mark-all-read"
          >
            <CheckCheckIcon aria-hidden="true" />
            Mark all read
          </Button>
        </div>
        <NotificationList
          state={bell.state}
          list={bell.list}
          now={bell.now}
          onDelete={bell.remove}
          onRetry={bell.retry}
        />
      </PopoverContent>
    </Popover>
  );
}
