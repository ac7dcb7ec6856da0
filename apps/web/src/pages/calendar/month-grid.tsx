import { useDroppable } from "@dnd-kit/core";

import { Skeleton } from "@/components/ui/skeleton";
import {
  CALENDAR_CELLS,
  type CalendarPostView,
  CELL_CHIP_LIMIT,
  canScheduleOn,
  dayKey,
  formatLongDay,
  isPastDay,
} from "@/lib/calendar";
import { cn } from "@/lib/utils";

import { CalendarPostChip } from "./post-chip";

export const WEEKDAYS = [
  { short: "Sun", long: "Sunday" },
  { short: "Mon", long: "Monday" },
  { short: "Tue", long: "Tuesday" },
  { short: "Wed", long: "Wednesday" },
  { short: "Thu", long: "Thursday" },
  { short: "Fri", long: "Friday" },
  { short: "Sat", long: "Saturday" },
];

export const dayDroppableId = (key: string) => `day:${key}`;

function WeekdayHeader() {
  return (
    <div className="grid grid-cols-7 border-b bg-muted/40 text-center text-xs font-medium text-muted-foreground">
      {WEEKDAYS.map((day) => (
        <div key={day.short} className="py-2">
          <abbr title={day.long} className="no-underline">
            {day.short}
          </abbr>
        </div>
      ))}
    </div>
  );
}

interface DayCellProps {
  day: Date;
  month: Date;
  now: Date;
  posts: CalendarPostView[];
  compact: boolean;
  onOpenPost: (post: CalendarPostView) => void;
  onOpenDay: (key: string) => void;
}

function DayCell({ day, month, now, posts, compact, onOpenPost, onOpenDay }: DayCellProps) {
  const key = dayKey(day);
  const { setNodeRef, isOver, active } = useDroppable({ id: dayDroppableId(key), data: { day: key } });
  const today = key === dayKey(now);
  const past = isPastDay(day, now);
  const outside = day.getMonth() !== month.getMonth();
  const open = canScheduleOn(day, now);
  const shown = posts.slice(0, CELL_CHIP_LIMIT);
  const more = posts.length - shown.length;
  const scheduled = posts.filter((post) => post.state === "scheduled").length;
  const published = posts.length - scheduled;
  const label = formatLongDay(day);

  return (
    <li
      ref={setNodeRef}
      className={cn(
        "relative flex min-h-16 min-w-0 flex-col gap-1 border-r border-b p-1 md:min-h-28 md:p-1.5 [&:nth-child(7n)]:border-r-0",
        outside && "bg-muted/50",
        past && !outside && "bg-muted/30",
        isOver && active && open && "bg-primary/10 ring-2 ring-primary ring-inset",
        isOver && active && !open && "bg-destructive/10 ring-2 ring-destructive ring-inset",
      )}
      data-testid="calendar-day"
      data-date={key}
      data-today={today || undefined}
      data-past={past || undefined}
      data-outside={outside || undefined}
      aria-current={today ? "date" : undefined}
    >
      <div className="flex items-center justify-between">
        <time
          dateTime={key}
          className={cn(
            "flex size-6 items-center justify-center rounded-full text-xs tabular-nums",
            today && "bg-primary font-semibold text-primary-foreground",
            !today && (outside || past) && "text-muted-foreground",
            !today && !outside && !past && "font-medium",
          )}
        >
          <span aria-hidden="true">{day.getDate()}</span>
          <span className="sr-only">
            {label}
            {today ? " (today)" : ""}
          </span>
        </time>
      </div>

      {compact ? (
        posts.length > 0 && (
          <button
            type="button"
            className="flex min-h-8 w-full flex-wrap items-center justify-center gap-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
            onClick={() => onOpenDay(key)}
            aria-label={`${posts.length} ${posts.length === 1 ? "post" : "posts"} on ${label}`}
            data-testid="calendar-day-dots"
          >
            {scheduled > 0 && <span className="size-2 rounded-full bg-sky-500" aria-hidden="true" />}
            {published > 0 && <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />}
            <span className="text-[11px] font-medium tabular-nums" aria-hidden="true">
              {posts.length}
            </span>
          </button>
        )
      ) : (
        <ul className="flex min-w-0 flex-col gap-1">
          {shown.map((post) => (
            <li key={post.id} className="min-w-0">
              <CalendarPostChip post={post} onOpen={onOpenPost} />
            </li>
          ))}
          {more > 0 && (
            <li>
              <button
                type="button"
                className="w-full rounded-md px-1.5 py-0.5 text-left text-xs font-medium text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
                onClick={() => onOpenDay(key)}
                data-testid="calendar-day-more"
                aria-label={`${more} more ${more === 1 ? "post" : "posts"} on ${label}`}
              >
                +{more} more
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

export function MonthGrid({
  month,
  days,
  now,
  postsByDay,
  compact,
  onOpenPost,
  onOpenDay,
}: {
  month: Date;
  days: Date[];
  now: Date;
  postsByDay: Map<string, CalendarPostView[]>;
  compact: boolean;
  onOpenPost: (post: CalendarPostView) => void;
  onOpenDay: (key: string) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card" data-testid="calendar-grid">
      <WeekdayHeader />
      <ol className="grid grid-cols-7" aria-label="Days of the month">
        {days.map((day) => (
          <DayCell
            key={dayKey(day)}
            day={day}
            month={month}
            now={now}
            posts={postsByDay.get(dayKey(day)) ?? []}
            compact={compact}
            onOpenPost={onOpenPost}
            onOpenDay={onOpenDay}
          />
        ))}
      </ol>
    </div>
  );
}

/** The grid's shape while the month loads (UI.md: skeletons shaped like the content). */
export function MonthGridSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-xl border bg-card"
      role="status"
      aria-label="Loading the calendar"
      data-testid="calendar-skeleton"
    >
      <WeekdayHeader />
      <div className="grid grid-cols-7">
        {Array.from({ length: CALENDAR_CELLS }, (_, index) => `cell-${index}`).map((cell, index) => (
          <div
            key={cell}
            className="flex min-h-16 flex-col gap-1.5 border-r border-b p-1.5 md:min-h-28 [&:nth-child(7n)]:border-r-0"
          >
            <Skeleton className="size-5 rounded-full" />
            {index % 3 === 0 && <Skeleton className="hidden h-5 w-full md:block" />}
            {index % 5 === 1 && <Skeleton className="hidden h-5 w-4/5 md:block" />}
          </div>
        ))}
      </div>
    </div>
  );
}
