import {
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";

import {
  addMonths,
  type CalendarPostView,
  canScheduleOn,
  dayKey,
  formatMonthTitle,
  groupByDay,
  monthGridDays,
  PAST_DATE_MESSAGE,
  type SidebarFilter,
  sidebarFilters,
  startOfMonth,
  useApprovedContent,
  useCalendarPosts,
  useLiveCalendarQueries,
  useMovePost,
} from "@/lib/calendar";

import { useBrandNetworks } from "@/lib/channels";

import { SIDEBAR_DROPPABLE_ID } from "./approved-sidebar";
import { calendarKeyboardCoordinates } from "./keyboard-coordinates";
import type { DragData } from "./post-chip";
import { useIsDesktop, useNow } from "./use-calendar-environment";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The calendar board's state and rules: the month shown, the approved list's search and filter, the post
 * being dragged and where a drop may land, the previewed post and the opened day. The page only renders it.
 */
export function useCalendarBoard(brandId: string) {
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

  useLiveCalendarQueries(brandId);
  const calendar = useCalendarPosts(brandId, month);
  const approved = useApprovedContent(brandId, { filter, search });
  const networks = useBrandNetworks(brandId);
  const move = useMovePost(brandId);

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

  return {
    isDesktop,
    now,
    month,
    title: formatMonthTitle(month),
    days,
    postsByDay,
    calendar: {
      pending: calendar.isPending,
      failed: calendar.isError,
      retry: () => void calendar.refetch(),
    },
    goToday: () => setMonth(startOfMonth(new Date())),
    goPrevious: () => setMonth((value) => addMonths(value, -1)),
    goNext: () => setMonth((value) => addMonths(value, 1)),
    sidebarOpen,
    toggleSidebar: () => setSidebarOpen((open) => !open),
    sidebar: {
      posts: sidebarPosts,
      total,
      loading: approved.isPending,
      error: approved.isError,
      onRetry: () => void approved.refetch(),
      hasMore: Boolean(approved.hasNextPage),
      loadingMore: approved.isFetchingNextPage,
      onLoadMore: () => void approved.fetchNextPage(),
      search: searchInput,
      onSearch: setSearchInput,
      filter,
      filters: sidebarFilters(networks),
      onFilter: setFilter,
    },
    dragging,
    sensors,
    onDragStart,
    onDragEnd,
    onDragCancel: () => setDragging(null),
    previewed,
    openPreview: setPreview,
    closePreview: () => setPreview(null),
    openDay,
    dayPosts: openDay ? (postsByDay.get(openDay) ?? []) : [],
    setOpenDay,
    closeDay: () => setOpenDay(null),
    openPostOfDay: (post: CalendarPostView) => {
      setOpenDay(null);
      setPreview(post);
    },
    unscheduling: move.isPending,
    unschedule: (post: CalendarPostView) => {
      move.mutate({ post, day: null });
      setPreview(null);
    },
  };
}
