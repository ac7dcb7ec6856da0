import { useDraggable } from "@dnd-kit/core";
import { platformLabels } from "@smm/domain/web";
import { SparklesIcon } from "lucide-react";
import type * as React from "react";

import { NetworkIcon } from "@/components/network-icon";
import { FormatBadge } from "@/components/post-media/post-media";
import { type CalendarPostView, calendarTime, formatTime, truncateText } from "@/lib/calendar";
import { formatBadgeLabel, mediaSummaryOf } from "@/lib/media-logic";
import { cn } from "@/lib/utils";

/** What a drag carries: the post as the page last saw it. */
export interface DragData {
  post: CalendarPostView;
}

export const draggableId = (post: CalendarPostView) => `post:${post.id}`;

/** Blue = scheduled, green = published (core spec section 2, help legend). */
export const chipTone = {
  scheduled:
    "border-sky-600/50 bg-sky-100 text-sky-950 hover:bg-sky-200 dark:border-sky-400/40 dark:bg-sky-950 dark:text-sky-100 dark:hover:bg-sky-900",
  published:
    "border-emerald-600/50 bg-emerald-100 text-emerald-950 hover:bg-emerald-200 dark:border-emerald-400/40 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900",
  other: "border-border bg-card text-card-foreground hover:bg-accent",
} as const;

export function PlatformIcon({
  platform,
  className,
}: {
  platform: CalendarPostView["platform"];
  className?: string;
}) {
  return <NetworkIcon platform={platform} className={cn("size-3 shrink-0", className)} />;
}

const platformName = (post: CalendarPostView) => platformLabels[post.platform];

export function chipLabel(post: CalendarPostView): string {
  const time = calendarTime(post);
  const when = time ? ` at ${formatTime(time)}` : "";
  const what =
    post.state === "published" ? "Published" : post.state === "scheduled" ? "Scheduled" : "Approved";
  const { format, count } = mediaSummaryOf(post);
  const kind = formatBadgeLabel(format, count);
  return `${what} ${platformName(post)} post${kind ? ` (${kind})` : ""}${when}: ${truncateText(post.excerpt || "No text yet")}`;
}

/** A carousel's, reel's or story's small badge, when the calendar's post carries its format. */
export function PostFormatMark({ post, className }: { post: CalendarPostView; className?: string }) {
  const { format, count } = mediaSummaryOf(post);
  return <FormatBadge format={format} count={count} size="xs" className={className} />;
}

/** The chip's face: time, platform and the first 50 characters (also used as the drag overlay). */
export function ChipFace({ post, overlay }: { post: CalendarPostView; overlay?: boolean }) {
  const time = calendarTime(post);
  const tone =
    post.state === "published"
      ? chipTone.published
      : post.state === "scheduled"
        ? chipTone.scheduled
        : chipTone.other;
  return (
    <span
      className={cn(
        "flex w-full min-w-0 flex-col gap-0.5 rounded-md border px-1.5 py-1 text-left text-xs leading-tight",
        tone,
        overlay && "shadow-lg ring-2 ring-primary",
      )}
    >
      {/* Wraps: with the assistant open a day cell is about 45 px wide, less than icon and time need. */}
      <span className="flex flex-wrap items-center gap-x-1">
        <PlatformIcon platform={post.platform} />
        {time && <span className="font-semibold tabular-nums">{formatTime(time)}</span>}
        <PostFormatMark post={post} className="opacity-80" />
      </span>
      <span className="line-clamp-2 min-w-0 break-words">{truncateText(post.excerpt || "No text yet")}</span>
    </span>
  );
}

const focusRing =
  "rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background";

/**
 * A post on the calendar grid. Scheduled ones drag (mouse, touch, keyboard: Space to lift, arrows to move,
 * Space to drop); published ones only open the preview. A click or Enter opens the preview.
 */
export function CalendarPostChip({
  post,
  onOpen,
  draggable = true,
}: {
  post: CalendarPostView;
  onOpen: (post: CalendarPostView) => void;
  /** False in lists outside the drag area (a day's list): the chip only opens the preview. */
  draggable?: boolean;
}) {
  if (post.state !== "scheduled" || !draggable) {
    return (
      <button
        type="button"
        className={cn("block w-full cursor-pointer", focusRing)}
        onClick={() => onOpen(post)}
        aria-label={chipLabel(post)}
        data-testid="calendar-post"
        data-post-id={post.id}
        data-state={post.state}
        data-platform={post.platform}
      >
        <ChipFace post={post} />
      </button>
    );
  }
  return (
    <DraggablePost post={post} onOpen={onOpen} testId="calendar-post" className="block w-full">
      <ChipFace post={post} />
    </DraggablePost>
  );
}

/** A draggable post (calendar chip or sidebar card). */
export function DraggablePost({
  post,
  onOpen,
  testId,
  className,
  children,
}: {
  post: CalendarPostView;
  onOpen: (post: CalendarPostView) => void;
  testId: string;
  className?: string;
  children: React.ReactNode;
}) {
  const data: DragData = { post };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: draggableId(post), data });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> would also click on the Space that drops the post.
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-label={chipLabel(post)}
      className={cn(
        "cursor-grab touch-manipulation active:cursor-grabbing",
        focusRing,
        isDragging && "opacity-40",
        className,
      )}
      onClick={() => onOpen(post)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          onOpen(post);
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
      data-testid={testId}
      data-post-id={post.id}
      data-state={post.state}
      data-platform={post.platform}
    >
      {children}
    </div>
  );
}

export function AiBadge() {
  return (
    <span className="inline-flex items-center gap-0.5 rounded border px-1 text-[10px] font-medium text-muted-foreground">
      <SparklesIcon className="size-2.5" aria-hidden="true" />
      AI
    </span>
  );
}
