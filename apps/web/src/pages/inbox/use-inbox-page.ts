import type { PostPlatform } from "@smm/domain/web";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useSearchParams } from "react-router";

import { useActiveBrand } from "@/lib/brands";
import { useChannels } from "@/lib/channels";
import { useInboxCounts, useInboxList, useInboxThread, useMarkInboxRead } from "@/lib/inbox";
import {
  DEFAULT_INBOX_FILTERS,
  flattenThreads,
  INBOX_SEARCH_DEBOUNCE_MS,
  type InboxFilters,
  type InboxNavAction,
  initialInboxNav,
  isNarrowed,
  pickReplyTarget,
  reduceInboxNav,
  toNavEntries,
} from "@/lib/inbox-logic";

/** The value after it has stopped changing for `ms` (the search asks the server once typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The open conversation is the page's ?post= (the post details' "Open in Inbox" links to it). */
export const POST_PARAM = "post";

/**
 * The inbox screen's state: the filters (search debounced), the conversations, the open one (?post=), the
 * selected item and the keyboard's way through the list, the drafts typed per comment.
 */
export function useInboxPage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const [searchParams, setSearchParams] = useSearchParams();
  const urlPost = searchParams.get(POST_PARAM);

  const [filters, setFilters] = useState<InboxFilters>(DEFAULT_INBOX_FILTERS);
  const query = useDebounced(filters.query, INBOX_SEARCH_DEBOUNCE_MS);
  const asked = useMemo(() => ({ ...filters, query }), [filters, query]);
  const list = useInboxList(brandId, asked);
  const counts = useInboxCounts(brandId);
  const channels = useChannels(brandId);

  const threads = useMemo(() => flattenThreads(list.data?.pages ?? []), [list.data]);
  const entries = useMemo(() => toNavEntries(threads), [threads]);

  const [nav, dispatchNav] = useReducer(reduceInboxNav, urlPost, initialInboxNav);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const dispatch = useCallback(
    (action: DistributiveOmit<InboxNavAction, "entries">) =>
      dispatchNav({ ...action, entries: entriesRef.current } as InboxNavAction),
    [],
  );

  // The selection's conversation goes to the address (so a reload or a shared link opens it again) ...
  useEffect(() => {
    setSearchParams(
      (current) => {
        if ((current.get(POST_PARAM) ?? null) === nav.postId) return current;
        const next = new URLSearchParams(current);
        if (nav.postId) next.set(POST_PARAM, nav.postId);
        else next.delete(POST_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [nav.postId, setSearchParams]);
  // ... and an address that changes on its own (a link to /inbox?post=...) opens its conversation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the address is followed here.
  useEffect(() => {
    if (urlPost !== nav.postId) dispatch({ type: "open", postId: urlPost });
  }, [urlPost]);

  const thread = useInboxThread(brandId, nav.postId);
  const markRead = useMarkInboxRead(brandId);
  // Opening a conversation reads it; so do comments that arrive while it is open.
  const markedAt = useRef<string | null>(null);
  useEffect(() => {
    const detail = thread.data;
    if (!nav.postId || !detail || detail.unread === 0) return;
    const mark = `${nav.postId}:${thread.dataUpdatedAt}`;
    if (markedAt.current === mark) return;
    markedAt.current = mark;
    markRead.mutate(nav.postId);
  }, [nav.postId, thread.data, thread.dataUpdatedAt, markRead]);

  const replyTarget = useMemo(
    () => (thread.data ? pickReplyTarget(thread.data.items, nav.itemId) : null),
    [thread.data, nav.itemId],
  );

  // The networks of the brand's connected accounts that have comments to read (the network filter's choices).
  const networks = useMemo(() => {
    const platforms = new Set<PostPlatform>();
    for (const channel of channels.data?.channels ?? [])
      if (channel.limits.capabilities.inbox) platforms.add(channel.platform);
    return [...platforms];
  }, [channels.data]);

  // Set by j / k so the list focuses the row they moved to (a click focuses it by itself).
  const movedByKeyboard = useRef(false);
  const move = useCallback(
    (delta: 1 | -1) => {
      movedByKeyboard.current = true;
      dispatch({ type: "move", delta });
    },
    [dispatch],
  );

  // What was typed for each comment survives moving to another conversation and back.
  const drafts = useRef(new Map<string, string>());

  const set = <K extends keyof InboxFilters>(key: K, value: InboxFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  return {
    noBrand: brand.data === null,
    brandId,
    filters,
    searching: filters.query !== query,
    narrowed: isNarrowed(filters),
    setStatus: (value: InboxFilters["status"]) => set("status", value),
    setPlatform: (value: InboxFilters["platform"]) => set("platform", value),
    setQuery: (value: string) => set("query", value),
    clearFilters: () => setFilters((current) => ({ ...DEFAULT_INBOX_FILTERS, status: current.status })),
    networks,
    list,
    threads,
    entries,
    loaded: list.isSuccess,
    loadFailed: list.isError && !list.data,
    unread: counts.data?.unread ?? list.data?.pages[0]?.unread ?? null,
    nav,
    dispatch,
    move,
    movedByKeyboard,
    thread,
    replyTarget,
    drafts: drafts.current,
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type InboxPageState = ReturnType<typeof useInboxPage>;
