import { useEffect, useMemo, useState } from "react";

import { useActiveBrand } from "@/lib/brands";
import { useLiveMediaLibrary, useMediaLibrary } from "@/lib/media-library";
import {
  DEFAULT_MEDIA_FILTERS,
  flattenPages,
  isNarrowed,
  type MediaFilters,
  SEARCH_DEBOUNCE_MS,
} from "@/lib/media-logic";
import { useLibraryUploads } from "@/lib/media-uploads";
import { useToolAvailable } from "@/lib/tools";

/** The value after it has stopped changing for `ms` (the search box asks the server once typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The Media library screen's state: the filters (search debounced), the pages, the open file, the uploads. */
export function useMediaPage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const [filters, setFilters] = useState<MediaFilters>(DEFAULT_MEDIA_FILTERS);
  const query = useDebounced(filters.query, SEARCH_DEBOUNCE_MS);
  // What is asked: everything at once but the words, which wait for the typing to pause.
  const asked = useMemo(() => ({ ...filters, query }), [filters, query]);
  const library = useMediaLibrary(brandId, asked);
  useLiveMediaLibrary(brandId);
  const uploads = useLibraryUploads(brandId);
  const canWriteAltText = useToolAvailable("writeAltText");
  const [openId, setOpenId] = useState<string | null>(null);

  const items = useMemo(() => flattenPages(library.data?.pages ?? []), [library.data]);
  const openIndex = openId ? items.findIndex((item) => item.id === openId) : -1;
  const open = openIndex >= 0 ? (items[openIndex] ?? null) : null;

  // The open file left the list (deleted, or filtered out by its new alt text): the dialog closes.
  useEffect(() => {
    if (openId && library.isSuccess && !library.isPlaceholderData && openIndex < 0) setOpenId(null);
  }, [openId, openIndex, library.isSuccess, library.isPlaceholderData]);

  const set = <K extends keyof MediaFilters>(key: K, value: MediaFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  return {
    /** The user has no brand yet: the library belongs to a brand. */
    noBrand: brand.data === null,
    brandLoading: brand.isPending,
    brandId,
    filters,
    /** The words typed are not asked yet (the debounce is running). */
    searching: filters.query !== query,
    narrowed: isNarrowed(filters),
    setQuery: (value: string) => set("query", value),
    setType: (value: MediaFilters["type"]) => set("type", value),
    setMissingAltText: (value: boolean) => set("missingAltText", value),
    setFrom: (value: string) => set("from", value),
    setTo: (value: string) => set("to", value),
    clearDates: () => setFilters((current) => ({ ...current, from: "", to: "" })),
    clearFilters: () => setFilters(DEFAULT_MEDIA_FILTERS),
    library,
    items,
    loaded: library.isSuccess,
    loadFailed: library.isError && !library.data,
    open,
    openIndex,
    openItem: (id: string) => setOpenId(id),
    closeItem: () => setOpenId(null),
    /** The dialog's previous / next file (the arrow keys), loading the next page at the end if there is one. */
    step: (delta: number) => {
      const next = items[openIndex + delta];
      if (next) setOpenId(next.id);
      if (
        delta > 0 &&
        openIndex + delta >= items.length - 1 &&
        library.hasNextPage &&
        !library.isFetchingNextPage
      )
        void library.fetchNextPage();
    },
    uploads,
    canWriteAltText,
  };
}

export type MediaPageState = ReturnType<typeof useMediaPage>;
