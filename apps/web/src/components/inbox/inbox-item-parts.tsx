import type { InboxItemView } from "@smm/domain/web";
import { AlertTriangleIcon, CheckIcon, CircleHelpIcon, Loader2Icon } from "lucide-react";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import {
  authorHandle,
  authorName,
  type BadgeTone,
  deliveryLabel,
  type ItemBadge,
  initialsOf,
  itemBadges,
} from "@/lib/inbox-logic";
import { formatRelativeTime } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { cn } from "@/lib/utils";

/*
 * The pieces every view of a comment shares (the inbox's list and conversation, the post details'
 * Comments): who wrote it, when, its badges, and for the brand's own replies how sending went.
 */

const TONE_CLASSES: Record<BadgeTone, string> = {
  question: "border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300",
  negative: "border-rose-500/30 bg-rose-500/10 text-rose-700 dark:text-rose-300",
  positive: "border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
  spam: "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  muted: "border-border bg-muted text-muted-foreground",
  sandbox: "border-dashed border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-300",
};

function BadgeChip({ badge }: { badge: ItemBadge }) {
  const chip = (
    <span
      className={cn(
        "inline-flex h-5 items-center rounded-md border px-1.5 text-[11px] leading-none font-medium whitespace-nowrap",
        TONE_CLASSES[badge.tone],
      )}
      data-testid={`inbox-badge-${badge.key}`}
      {...(badge.detail ? { "aria-label": `${badge.label}: ${badge.detail}` } : {})}
    >
      {badge.label}
    </span>
  );
  if (!badge.detail) return chip;
  return (
    <Tooltip>
      {/* A focusable trigger so the reason reaches keyboard users too. */}
      <TooltipTrigger asChild>
        <button
          type="button"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {chip}
        </button>
      </TooltipTrigger>
      <TooltipContent>{badge.detail}</TooltipContent>
    </Tooltip>
  );
}

export function ItemBadges({ item, className }: { item: InboxItemView; className?: string }) {
  const badges = itemBadges(item);
  if (badges.length === 0) return null;
  return (
    <span className={cn("flex flex-wrap items-center gap-1", className)}>
      {badges.map((badge) => (
        <BadgeChip key={badge.key} badge={badge} />
      ))}
    </span>
  );
}

export function AuthorAvatar({ item, className }: { item: InboxItemView; className?: string }) {
  const name = item.own ? "You" : authorName(item.author);
  return (
    <Avatar className={cn("size-8", className)}>
      {item.author.avatarUrl && <AvatarImage src={item.author.avatarUrl} alt="" />}
      <AvatarFallback
        className={cn("text-[11px] font-semibold", item.own && "bg-primary/15 text-primary")}
        aria-hidden="true"
      >
        {initialsOf(name) || "?"}
      </AvatarFallback>
    </Avatar>
  );
}

/** "now", "5m ago", then the date, with the full time on hover; refreshed every minute. */
export function TimeAgo({ value, className }: { value: string; className?: string }) {
  const now = useNow();
  const date = new Date(value);
  return (
    <time dateTime={value} title={date.toLocaleString()} className={cn("whitespace-nowrap", className)}>
      {formatRelativeTime(date, new Date(now))}
    </time>
  );
}

/** Name, handle and time on one line (the handle drops first when it is narrow). */
export function AuthorLine({ item, className }: { item: InboxItemView; className?: string }) {
  const handle = authorHandle(item.author);
  const name = item.own ? `You${item.author.name ? ` (${item.author.name})` : ""}` : authorName(item.author);
  return (
    <span className={cn("flex min-w-0 items-baseline gap-1.5 text-sm", className)}>
      <span className="truncate font-medium" title={name}>
        {name}
      </span>
      {handle && !item.own && (
        <span className="hidden truncate text-xs text-muted-foreground sm:inline" title={handle}>
          {handle}
        </span>
      )}
      <span className="text-xs text-muted-foreground" aria-hidden="true">
        ·
      </span>
      <TimeAgo value={item.writtenAt} className="text-xs text-muted-foreground" />
      {item.editedAt && <span className="text-xs text-muted-foreground">(edited)</span>}
    </span>
  );
}

/** How the brand's reply went: Sending…, Sent, Failed: <reason>, Unconfirmed (with what to check). */
export function DeliveryState({ item, className }: { item: InboxItemView; className?: string }) {
  const delivery = deliveryLabel(item);
  if (!delivery) return null;
  const Icon =
    delivery.state === "sending"
      ? Loader2Icon
      : delivery.state === "sent"
        ? CheckIcon
        : delivery.state === "failed"
          ? AlertTriangleIcon
          : CircleHelpIcon;
  return (
    <span
      className={cn(
        "inline-flex items-start gap-1 text-xs",
        delivery.state === "failed" && "text-destructive",
        delivery.state === "unconfirmed" && "text-amber-700 dark:text-amber-300",
        (delivery.state === "sent" || delivery.state === "sending") && "text-muted-foreground",
        className,
      )}
      role={delivery.state === "failed" || delivery.state === "unconfirmed" ? "status" : undefined}
      data-testid="inbox-delivery"
      data-delivery={delivery.state}
    >
      <Icon
        className={cn("mt-px size-3.5 shrink-0", delivery.state === "sending" && "animate-spin")}
        aria-hidden="true"
      />
      <span>
        {delivery.label}
        {delivery.state === "unconfirmed" && delivery.detail ? ` — ${delivery.detail}` : ""}
      </span>
    </span>
  );
}

/** The text of an item, struck through when removed on the network. */
export function ItemText({ item, className }: { item: InboxItemView; className?: string }) {
  return (
    <p
      className={cn(
        "text-sm break-words whitespace-pre-line",
        item.removedAt && "text-muted-foreground line-through",
        item.hidden && "text-muted-foreground",
        className,
      )}
    >
      {item.text}
    </p>
  );
}
