import { useEffect, useRef, useState } from "react";

import { useBrandNetworks } from "@/lib/channels";
import { type PostView, useInfinitePostList } from "@/lib/posts";

import {
  countActiveFilters,
  DEFAULT_FILTERS,
  emptyListText,
  hasAnyChange,
  isNarrowed,
  isNearBottom,
  type PostListFilters,
  type PostListVariant,
  SCROLL_HANDLER_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
} from "./post-logic";

/**
 * The posts modal's list: the filters and the search as typed (sent once typing pauses), the pages loaded so
 * far with loading on scroll, the filter panel and the post opened in details. The dialog only renders it.
 */
export function usePostsList(brandId: string, variant: PostListVariant) {
  const [filters, setFilters] = useState<PostListFilters>(DEFAULT_FILTERS);
  const [searchInput, setSearchInput] = useState("");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [details, setDetails] = useState<PostView | null>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The search goes to the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setFilters((current) =>
          current.search === searchInput ? current : { ...current, search: searchInput },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput]);

  const query = useInfinitePostList(brandId, variant, filters);
  // Facebook and Instagram always, and the other networks the brand has an account on.
  const networks = useBrandNetworks(brandId);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // A new filter starts from the top of the new list.
  const filterKey = JSON.stringify(filters);
  const lastFilterKey = useRef(filterKey);
  useEffect(() => {
    if (lastFilterKey.current === filterKey) return;
    lastFilterKey.current = filterKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filterKey]);

  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    },
    [],
  );

  // Core spec section 9: automatic loading within 1000 px of the bottom, the handler delayed 100 ms.
  function onScroll() {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const element = scrollRef.current;
      if (element && isNearBottom(element) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    }, SCROLL_HANDLER_DELAY_MS);
  }

  return {
    filters,
    networks,
    searchInput,
    setSearchInput,
    filtersOpen,
    toggleFilters: () => setFiltersOpen((value) => !value),
    update: (patch: Partial<PostListFilters>) => setFilters((current) => ({ ...current, ...patch })),
    clear: () => {
      setSearchInput("");
      setFilters(DEFAULT_FILTERS);
    },
    activeCount: countActiveFilters(filters, variant),
    canClear: hasAnyChange(filters, variant) || searchInput.trim().length > 0,
    narrowed: isNarrowed(filters, variant),
    empty: emptyListText(filters, variant),
    loaded: Boolean(query.data),
    loadFailed: query.isError && !query.data,
    retry: () => void query.refetch(),
    isPlaceholderData: query.isPlaceholderData,
    loadMoreFailed: query.isFetchNextPageError,
    posts,
    total,
    hasNextPage,
    isFetchingNextPage,
    loadMore: () => void fetchNextPage(),
    scrollRef,
    onScroll,
    details,
    openDetails: setDetails,
    closeDetails: () => setDetails(null),
  };
}

export type PostsListState = ReturnType<typeof usePostsList>;
