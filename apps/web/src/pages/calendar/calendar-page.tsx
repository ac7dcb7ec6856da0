import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import type { Brand } from "@smm/domain/brands/constants";
import {
  CalendarDaysIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  RotateCwIcon,
} from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useActiveBrand } from "@/lib/brands";
import {
  addMonths,
  type CalendarPostView,
  canScheduleOn,
  dayKey,
  formatLongDay,
  formatMonthTitle,
  groupByDay,
  monthGridDays,
  PAST_DATE_MESSAGE,
  parseDayKey,
  type SidebarFilter,
  startOfMonth,
  useApprovedContent,
  useCalendarPosts,
  useLiveCalendarQueries,
  useMovePost,
} from "@/lib/calendar";

import { ApprovedSidebar, SIDEBAR_DROPPABLE_ID, SIDEBAR_ID } from "./approved-sidebar";
import { CalendarLegend } from "./calendar-legend";
import { calendarKeyboardCoordinates } from "./keyboard-coordinates";
import { MonthGrid, MonthGridSkeleton } from "./month-grid";
import { ChipFace, type DragData } from "./post-chip";
import { DayPostsDialog, PostPreviewDialog } from "./post-preview-dialog";
import { useIsDesktop, useNow } from "./use-calendar-environment";

const DESCRIPTION = "Plan when each approved post goes out: drag it onto a day to schedule it at noon.";
const SEARCH_DEBOUNCE_MS = 300;

export function CalendarPage() {
  const brand = useActiveBrand();
  if (brand.isPending) {
    return (
      <>
        <PageIntro description={DESCRIPTION} />
        <MonthGridSkeleton />
      </>
    );
  }
  if (!brand.data) {
    return (
      <>
        <PageIntro description={DESCRIPTION} />
        <EmptyState
          icon={CalendarDaysIcon}
          title="No brand yet"
          description="Create a brand to plan its posts on the calendar."
          testId="calendar-empty"
        />
      </>
    );
  }
  return <CalendarBoard key={brand.data.id} brand={brand.data} />;
}

// Pointer drags use the pointer's position; keyboard drags (no pointer) the nearest target's centre.
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

function describeTarget(id: string | number | undefined): string {
  if (id === undefined) return "no drop target";
  const value = String(id);
  if (value === SIDEBAR_DROPPABLE_ID) return "the Approved Content list";
  if (value.startsWith("day:")) return formatLongDay(parseDayKey(value.slice(4)));
  return value;
}

function postName(data: unknown): string {
  const post = (data as DragData | undefined)?.post;
  if (!post) return "post";
  const text = post.excerpt.slice(0, 40);
  return `post "${text}${post.excerpt.length > 40 ? "…" : ""}"`;
}

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${postName(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${postName(active.data.current)} is over ${describeTarget(over.id)}.`
      : `${postName(active.data.current)} is no longer over a drop target.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${postName(active.data.current)} was dropped on ${describeTarget(over.id)}.`
      : `${postName(active.data.current)} was dropped outside the calendar. Nothing changed.`,
  onDragCancel: ({ active }) => `Moving ${postName(active.data.current)} was cancelled. Nothing changed.`,
};

const screenReaderInstructions = {
  draggable:
    "To move a post, press Space to pick it up. Use the arrow keys to move between days and the Approved Content list, press Space again to drop it, or Escape to cancel. Press Enter to preview the post.",
};

function CalendarBoard({ brand }: { brand: Brand }) {
  const isDesktop = useIsDesktop();
  const now = useNow();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [sidebarOpen, setSidebarOpen] = useState(isDesktop);
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<SidebarFilter>("all");
  const [preview, setPreview] = useState<CalendarPostView | null>(null);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [dragging, setDragging] = useState<CalendarPostView | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useLiveCalendarQueries(brand.id);
  const calendar = useCalendarPosts(brand.id, month);
  const approved = useApprovedContent(brand.id, { filter, search });
  const move = useMovePost(brand.id);

  const days = useMemo(() => monthGridDays(month), [month]);
  const postsByDay = useMemo(() => groupByDay(calendar.data?.posts ?? []), [calendar.data]);
  const sidebarPosts = useMemo(
    () => approved.data?.pages.flatMap((page) => page.posts) ?? [],
    [approved.data],
  );
  const total = approved.data?.pages[0]?.total ?? 0;

  // The preview follows the post's latest state (a live update, an unschedule).
  const previewed = useMemo(() => {
    if (!preview) return null;
    return (
      calendar.data?.posts.find((post) => post.id === preview.id) ??
      sidebarPosts.find((post) => post.id === preview.id) ??
      preview
    );
  }, [preview, calendar.data, sidebarPosts]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] },
      // Instant, so the post lands on the day the arrow named even when the page scrolls to show it.
      scrollBehavior: "auto",
      coordinateGetter: calendarKeyboardCoordinates,
    }),
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragging((active.data.current as DragData | undefined)?.post ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const post = (active.data.current as DragData | undefined)?.post;
    if (!post || !over) return;
    const target = String(over.id);
    if (target === SIDEBAR_DROPPABLE_ID) {
      if (post.state === "scheduled") move.mutate({ post, day: null });
      return;
    }
    if (!target.startsWith("day:")) return;
    const day = target.slice(4);
    if (post.state !== "approved" && post.state !== "scheduled") return;
    if (!canScheduleOn(day, new Date())) {
      toast.error(PAST_DATE_MESSAGE, { duration: 4_000 });
      return;
    }
    if (post.state === "scheduled" && post.scheduledDate && dayKey(new Date(post.scheduledDate)) === day)
      return;
    move.mutate({ post, day });
  };

  const goToday = () => setMonth(startOfMonth(new Date()));
  const title = formatMonthTitle(month);
  const dayPosts = openDay ? (postsByDay.get(openDay) ?? []) : [];

  return (
    <>
      <PageIntro description={DESCRIPTION} />
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div className="flex flex-col gap-4 md:flex-row md:items-start">
          {sidebarOpen && (
            <ApprovedSidebar
              posts={sidebarPosts}
              total={total}
              loading={approved.isPending}
              error={approved.isError}
              onRetry={() => void approved.refetch()}
              hasMore={Boolean(approved.hasNextPage)}
              loadingMore={approved.isFetchingNextPage}
              onLoadMore={() => void approved.fetchNextPage()}
              search={searchInput}
              onSearch={setSearchInput}
              filter={filter}
              onFilter={setFilter}
              onOpenPost={setPreview}
              acceptsDrop={dragging?.state === "scheduled"}
            />
          )}

          <section className="flex min-w-0 flex-1 flex-col gap-4" aria-labelledby="calendar-month-title">
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="outline"
                onClick={() => setSidebarOpen((open) => !open)}
                aria-expanded={sidebarOpen}
                aria-controls={SIDEBAR_ID}
                data-testid="calendar-sidebar-toggle"
              >
                {sidebarOpen ? (
                  <PanelLeftCloseIcon aria-hidden="true" />
                ) : (
                  <PanelLeftOpenIcon aria-hidden="true" />
                )}
                {sidebarOpen ? "Hide Content" : "Show Content"}
                {!sidebarOpen && (
                  <Badge variant="secondary" className="ml-0.5" data-testid="calendar-approved-badge">
                    <span className="sr-only">(</span>
                    {total}
                    <span className="sr-only"> approved posts)</span>
                  </Badge>
                )}
              </Button>
              <div className="ml-auto flex items-center gap-1">
                <Button variant="outline" onClick={goToday} data-testid="calendar-today">
                  Today
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Previous month"
                  onClick={() => setMonth((value) => addMonths(value, -1))}
                  data-testid="calendar-prev"
                >
                  <ChevronLeftIcon aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Next month"
                  onClick={() => setMonth((value) => addMonths(value, 1))}
                  data-testid="calendar-next"
                >
                  <ChevronRightIcon aria-hidden="true" />
                </Button>
              </div>
              <h2
                id="calendar-month-title"
                className="order-first w-full text-lg font-semibold tracking-tight sm:order-none sm:w-auto sm:min-w-40"
                aria-live="polite"
                data-testid="calendar-month-title"
              >
                {title}
              </h2>
            </div>

            {calendar.isPending ? (
              <MonthGridSkeleton />
            ) : calendar.isError ? (
              <Alert variant="destructive" data-testid="calendar-error">
                <AlertTitle>Could not load the calendar</AlertTitle>
                <AlertDescription className="flex flex-col items-start gap-2">
                  <span>Check your connection and try again.</span>
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-10"
                    onClick={() => void calendar.refetch()}
                  >
                    <RotateCwIcon aria-hidden="true" />
                    Try again
                  </Button>
                </AlertDescription>
              </Alert>
            ) : (
              <MonthGrid
                month={month}
                days={days}
                now={now}
                postsByDay={postsByDay}
                compact={!isDesktop}
                onOpenPost={setPreview}
                onOpenDay={setOpenDay}
              />
            )}

            <CalendarLegend />
          </section>
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging ? <ChipFace post={dragging} overlay /> : null}
        </DragOverlay>
      </DndContext>

      <DayPostsDialog
        day={openDay}
        posts={dayPosts}
        onClose={() => setOpenDay(null)}
        onOpenPost={(post) => {
          setOpenDay(null);
          setPreview(post);
        }}
      />
      <PostPreviewDialog
        post={previewed}
        brand={brand}
        onClose={() => setPreview(null)}
        unscheduling={move.isPending}
        onUnschedule={(post) => {
          move.mutate({ post, day: null });
          setPreview(null);
        }}
      />
    </>
  );
}
