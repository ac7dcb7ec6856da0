import {
  type CalendarPosts,
  type CalendarPostView,
  type PostPage,
  type PostPlatform,
  type PostView,
  platformLabels,
  postPlatforms,
  toCalendarPostView,
} from "@smm/domain/web";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";

import { call, callOptions, client } from "@/lib/api";
import { subscribeToResync, useAppEvent } from "@/lib/events";
import { actionErrorMessage, SCHEDULE_FAILED_MESSAGE } from "@/lib/generation";
import { nextStateAfter } from "@/lib/post-actions";
import { type PostActionVariables, usePostAction } from "@/lib/use-post-action";

/*
 * The content calendar's server state and date arithmetic (core spec sections 2 and 4, Content calendar):
 * a month grid of 42 days from the Sunday on or before the 1st, the month's scheduled and published posts
 * from ONE call covering those days, and the Approved Content sidebar (approved, undated, not posted).
 * Every key lives under ["brand", id, "posts"], so a brand switch drops them and post.changed refreshes them.
 */

export type { CalendarPosts, CalendarPostView, PostView };

/** A page of the Approved Content list, its posts held as the calendar holds them. */
export interface CalendarPage extends Omit<PostPage, "posts"> {
  posts: CalendarPostView[];
}

/** Core spec section 9: the grid has 42 cells; a post dropped on a day is scheduled at noon. */
export const CALENDAR_CELLS = 42;
export const SCHEDULE_HOUR = 12;
/** Core spec section 2: a post's text is truncated at 50 characters on the calendar. */
export const CALENDAR_TEXT_LIMIT = 50;
/** How many chips a day cell shows before "+N more". */
export const CELL_CHIP_LIMIT = 3;
/** Core spec section 9: page size 10 in lists. */
export const SIDEBAR_PAGE_SIZE = 10;
export const PAST_DATE_MESSAGE = "Past dates cannot be scheduled";
export const UNSCHEDULE_FAILED_MESSAGE = "Failed to update post: Please try again.";
const ERROR_TOAST_MS = 4_000;

// ---- dates (all local time: the browser shows and picks days in the user's zone) ----

/** A local day as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a YYYY-MM-DD day. */
export function parseDayKey(key: string): Date {
  const [year, month, day] = key.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

export function addMonths(month: Date, count: number): Date {
  return new Date(month.getFullYear(), month.getMonth() + count, 1);
}

export function addDays(date: Date, count: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + count);
}

/** The 42 local days the grid shows for `month`, Sunday first. */
export function monthGridDays(month: Date): Date[] {
  const first = startOfMonth(month);
  const start = addDays(first, -first.getDay());
  return Array.from({ length: CALENDAR_CELLS }, (_, index) => addDays(start, index));
}

/** The one range the month's posts are read for: first cell's local midnight to the day after the last. */
export function monthGridRange(month: Date): { from: string; to: string } {
  const days = monthGridDays(month);
  const first = days[0] ?? startOfMonth(month);
  const last = days.at(-1) ?? first;
  return { from: first.toISOString(), to: addDays(last, 1).toISOString() };
}

/** Noon, local time, of a day: where a dropped post goes. */
export function noonOf(day: Date | string): Date {
  const date = typeof day === "string" ? parseDayKey(day) : day;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), SCHEDULE_HOUR, 0, 0, 0);
}

/** "Past dates cannot be scheduled": a day is open for a drop while its noon is still ahead. */
export function canScheduleOn(day: Date | string, now: Date = new Date()): boolean {
  return noonOf(day).getTime() > now.getTime();
}

export function isPastDay(day: Date, now: Date = new Date()): boolean {
  return dayKey(day) < dayKey(now);
}

/** Where a calendar post sits: when it went out, else when it is due. */
export function calendarTime(post: Pick<CalendarPostView, "postedAt" | "scheduledDate">): string | null {
  return post.postedAt ?? post.scheduledDate;
}

/** 24-hour local time, e.g. "12:00". */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

export function formatMonthTitle(month: Date): string {
  return month.toLocaleDateString(undefined, { month: "long", year: "numeric" });
}

export function formatLongDay(day: Date): string {
  return day.toLocaleDateString(undefined, {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

export function truncateText(text: string, limit = CALENDAR_TEXT_LIMIT): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > limit ? `${clean.slice(0, limit).trimEnd()}…` : clean;
}

/** The month's posts grouped by local day. */
export function groupByDay(posts: CalendarPostView[]): Map<string, CalendarPostView[]> {
  const days = new Map<string, CalendarPostView[]>();
  for (const post of posts) {
    const time = calendarTime(post);
    if (!time) continue;
    const key = dayKey(new Date(time));
    const list = days.get(key);
    if (list) list.push(post);
    else days.set(key, [post]);
  }
  return days;
}

// ---- queries ----

export type SidebarFilter = "all" | PostPlatform | "ai" | "manual";

/** The sidebar's chips: All, the brand's networks (Facebook and Instagram always), AI and Manual. */
export function sidebarFilters(networks: PostPlatform[]): { value: SidebarFilter; label: string }[] {
  return [
    { value: "all", label: "All" },
    ...networks.map((platform) => ({ value: platform, label: platformLabels[platform] })),
    { value: "ai", label: "AI" },
    { value: "manual", label: "Manual" },
  ];
}

const isPlatformFilter = (filter: SidebarFilter): filter is PostPlatform =>
  (postPlatforms as readonly string[]).includes(filter);

export interface SidebarParams {
  filter: SidebarFilter;
  search: string;
}

export const calendarKeys = {
  all: (brandId: string) => ["brand", brandId, "posts", "calendar"] as const,
  month: (brandId: string, from: string) => ["brand", brandId, "posts", "calendar", from] as const,
  approvedAll: (brandId: string) => ["brand", brandId, "posts", "approved-content"] as const,
  approved: (brandId: string, params: SidebarParams) =>
    ["brand", brandId, "posts", "approved-content", params] as const,
};

export function useCalendarPosts(brandId: string, month: Date) {
  const range = monthGridRange(month);
  return useQuery({
    queryKey: calendarKeys.month(brandId, range.from),
    queryFn: ({ signal }) =>
      call(client.api.posts.calendar.$get({ query: range }, callOptions({ brandId, signal }))),
  });
}

function sidebarQuery(params: SidebarParams, cursor: string | null) {
  const text = params.search.trim();
  return {
    state: "approved" as const,
    sort: "newest" as const,
    limit: String(SIDEBAR_PAGE_SIZE),
    ...(isPlatformFilter(params.filter) ? { platform: params.filter } : {}),
    ...(params.filter === "ai" || params.filter === "manual" ? { source: params.filter } : {}),
    ...(text ? { search: text } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The Approved Content list, a page at a time (keyset paging on the server). */
export function useApprovedContent(brandId: string, params: SidebarParams) {
  return useInfiniteQuery({
    queryKey: calendarKeys.approved(brandId, params),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }): Promise<CalendarPage> => {
      const page = await call(
        client.api.posts.$get({ query: sidebarQuery(params, pageParam) }, callOptions({ brandId, signal })),
      );
      // The chips show a carousel's or a reel's badge: the format and the item count ride along.
      return {
        ...page,
        posts: page.posts.map((post) => ({
          ...toCalendarPostView(post),
          format: post.format,
          mediaCount: post.media.length,
        })),
      };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Keeps the calendar and its sidebar current: refetched on post.changed and after a stream gap. */
export function useLiveCalendarQueries(brandId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all(brandId) });
    void queryClient.invalidateQueries({ queryKey: calendarKeys.approvedAll(brandId) });
  };
  useAppEvent("post.changed", (event) => {
    if (event.brandId === brandId) refresh();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh only closes over queryClient and brandId.
  useEffect(() => subscribeToResync(refresh), [queryClient, brandId]);
}

// ---- moving a post (drag and drop, the preview's Unschedule) ----

export interface MovePostVariables {
  post: CalendarPostView;
  /** The day (YYYY-MM-DD) to schedule it on at noon, or null to take its date away. */
  day: string | null;
}

function matchesSidebar(post: CalendarPostView, params: SidebarParams): boolean {
  if (isPlatformFilter(params.filter) && post.platform !== params.filter) return false;
  if (params.filter === "ai" && !post.aiGenerated) return false;
  if (params.filter === "manual" && post.aiGenerated) return false;
  const text = params.search.trim().toLowerCase();
  // The excerpt stands in for the whole text until the list is read again.
  return !text || post.excerpt.toLowerCase().includes(text);
}

function sortByTime(posts: CalendarPostView[]): CalendarPostView[] {
  return [...posts].sort((a, b) => (calendarTime(a) ?? "").localeCompare(calendarTime(b) ?? ""));
}

/** A drop on a day schedules an approved post and moves a scheduled one; off the grid unschedules it. */
function moveAction(post: CalendarPostView, day: string | null) {
  if (day === null) return { type: "reschedule", scheduledDate: null } as const;
  const scheduledDate = noonOf(day).toISOString();
  return { type: post.state === "approved" ? "schedule" : "reschedule", scheduledDate } as const;
}

/** What a move does to a post, as the server will answer it (the state is the domain lifecycle's). */
export function movedPost(post: CalendarPostView, day: string | null): CalendarPostView {
  const action = moveAction(post, day);
  return {
    ...post,
    state: nextStateAfter(post.state, action) ?? post.state,
    scheduledDate: action.scheduledDate,
  };
}

/**
 * Where a moved post lands in the calendar's own views: out of whatever month held it and into the month
 * whose range holds its new time; out of the Approved Content lists when it gets a date, in (first) when
 * it loses it.
 */
function placeMovedPost(queryClient: QueryClient, brandId: string, { post, day }: MovePostVariables): void {
  const next = movedPost(post, day);
  const time = day ? (next.scheduledDate ?? "") : "";

  for (const [key, data] of queryClient.getQueriesData<CalendarPosts>({
    queryKey: calendarKeys.all(brandId),
  })) {
    if (!data) continue;
    const from = String(key[4] ?? "");
    const to = from ? addDays(new Date(from), CALENDAR_CELLS).toISOString() : "";
    const others = data.posts.filter((item) => item.id !== post.id);
    const holds = day !== null && new Date(time) >= new Date(from) && new Date(time) < new Date(to);
    queryClient.setQueryData<CalendarPosts>(key, {
      posts: holds ? sortByTime([...others, next]) : others,
    });
  }

  for (const [key, data] of queryClient.getQueriesData<InfiniteData<CalendarPage, string | null>>({
    queryKey: calendarKeys.approvedAll(brandId),
  })) {
    if (!data) continue;
    const params = key[4] as SidebarParams | undefined;
    const listed = data.pages.some((page) => page.posts.some((item) => item.id === post.id));
    const pages = data.pages.map((page) => ({
      ...page,
      posts: page.posts.filter((item) => item.id !== post.id),
    }));
    let delta = listed ? -1 : 0;
    if (day === null && params && matchesSidebar(next, params) && pages[0]) {
      pages[0] = { ...pages[0], posts: [next, ...pages[0].posts] };
      delta += 1;
    }
    queryClient.setQueryData<InfiniteData<CalendarPage, string | null>>(key, {
      ...data,
      pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) })),
    });
  }
}

/**
 * Schedules an approved post (POST /schedule), moves a scheduled one (POST /reschedule) or takes its date
 * away (POST /reschedule with null), through usePostAction (optimistic, rolled back with a toast if the
 * server refuses); the calendar adds only where the post lands.
 */
export function useMovePost(brandId: string) {
  const action = usePostAction<PostActionVariables & MovePostVariables>(brandId, {
    place: (queryClient, variables) => placeMovedPost(queryClient, brandId, variables),
    onError: (error, { day }) => {
      toast.error(
        actionErrorMessage(error, day === null ? UNSCHEDULE_FAILED_MESSAGE : SCHEDULE_FAILED_MESSAGE),
        { duration: ERROR_TOAST_MS },
      );
    },
  });
  return {
    isPending: action.isPending,
    mutate: ({ post, day }: MovePostVariables) =>
      action.mutate({ postId: post.id, action: moveAction(post, day), post, day }),
  };
}
