import type { LibraryItemView, MediaView } from "@smm/domain/web";
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";

import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";

import { call, callOptions, client, pathId } from "@/lib/api";
import { subscribeToResync, useAppEvent } from "@/lib/events";
import { type MediaFilters, PRESELECTED_MEDIA_PARAM, toListMediaInput } from "@/lib/media-logic";
import { callTool } from "@/lib/tools";

/*
 * The brand's media library as the screens read and change it: the declared use cases listMedia,
 * updateMedia, deleteMedia (and writeAltText where the server offers it) through the tool API. Keys live
 * under ["brand", id, "media"] so a brand switch drops them with the brand's other data.
 */

export type LibraryItem = LibraryItemView;
export interface LibraryPage {
  items: LibraryItem[];
  nextBefore: string | null;
}

/** writeAltText's answer: each image with the alt text it now has, and whether it was written just now. */
export interface AltTextDrafts {
  model: string;
  items: { mediaId: string; name: string; altText: string; written: boolean }[];
}

export const mediaKeys = {
  all: (brandId: string) => ["brand", brandId, "media"] as const,
  list: (brandId: string, filters: MediaFilters) => ["brand", brandId, "media", "list", filters] as const,
  file: (brandId: string, mediaId: string) => ["brand", brandId, "media", "file", mediaId] as const,
};

/** The library, newest first, one page of 48 at a time (nextBefore is the next page's cursor). */
export function useMediaLibrary(brandId: string | undefined, filters: MediaFilters) {
  return useInfiniteQuery({
    queryKey: mediaKeys.list(brandId ?? "", filters),
    enabled: Boolean(brandId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      callTool<LibraryPage>("listMedia", toListMediaInput(filters, pageParam), { brandId, signal }),
    getNextPageParam: (last) => last.nextBefore,
    placeholderData: keepPreviousData,
  });
}

/** Keeps the library current: a post's change can change a file's "Used in"; a stream gap may hide any. */
export function useLiveMediaLibrary(brandId: string | undefined) {
  const queryClient = useQueryClient();
  useAppEvent("post.changed", (event) => {
    if (brandId && event.brandId === brandId)
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(brandId) });
  });
  useEffect(
    () =>
      brandId
        ? subscribeToResync(() => void queryClient.invalidateQueries({ queryKey: mediaKeys.all(brandId) }))
        : undefined,
    [queryClient, brandId],
  );
}

/** Puts a changed file into every cached page (or takes a deleted one out), without a refetch. */
function patchPages(
  data: InfiniteData<LibraryPage, string | null> | undefined,
  mediaId: string,
  next: LibraryItem | null,
): InfiniteData<LibraryPage, string | null> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: next
        ? page.items.map((item) => (item.id === mediaId ? next : item))
        : page.items.filter((item) => item.id !== mediaId),
    })),
  };
}

export function useUpdateMedia(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mediaId: string; name?: string; altText?: string | null }) =>
      callTool<LibraryItem>("updateMedia", input, { brandId }),
    onSuccess: (item) => {
      if (!brandId) return;
      queryClient.setQueriesData<InfiniteData<LibraryPage, string | null>>(
        { queryKey: [...mediaKeys.all(brandId), "list"] },
        (data) => patchPages(data, item.id, item),
      );
      // A list filtered by the alt text may no longer hold it: checked again in the background.
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(brandId), refetchType: "none" });
    },
  });
}

export function useDeleteMedia(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => callTool<{ deleted: true }>("deleteMedia", { mediaId }, { brandId }),
    onSuccess: (_answer, mediaId) => {
      if (!brandId) return;
      queryClient.setQueriesData<InfiniteData<LibraryPage, string | null>>(
        { queryKey: [...mediaKeys.all(brandId), "list"] },
        (data) => patchPages(data, mediaId, null),
      );
      // Posts that used it lost it: their cards show the change.
      void queryClient.invalidateQueries({ queryKey: ["brand", brandId, "posts"] });
    },
  });
}

/** Drafts (and saves) alt text for images; `overwrite` replaces what they have. */
export function useWriteAltText(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mediaIds: string[]; overwrite?: boolean }) =>
      callTool<AltTextDrafts>("writeAltText", input, { brandId }),
    onSuccess: (answer) => {
      if (!brandId) return;
      const written = new Map(answer.items.map((item) => [item.mediaId, item.altText]));
      queryClient.setQueriesData<InfiniteData<LibraryPage, string | null>>(
        { queryKey: [...mediaKeys.all(brandId), "list"] },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) =>
                written.has(item.id) ? { ...item, altText: written.get(item.id) || null } : item,
              ),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(brandId) });
    },
  });
}

/** One stored image with a fresh signed link (GET /api/media/:id): a file preselected by its id. */
export function useMediaFile(brandId: string | undefined, mediaId: string | null) {
  return useQuery({
    queryKey: mediaKeys.file(brandId ?? "", mediaId ?? ""),
    enabled: Boolean(brandId && mediaId),
    queryFn: ({ signal }): Promise<MediaView> =>
      call(client.api.media[":id"].$get({ param: pathId(mediaId ?? "") }, callOptions({ brandId, signal }))),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * The library's "Use in a new post": the create page opened as `/create?media=<id>` starts with that file
 * as its custom image. The generator takes one image, so the first image of the list is used (a video is
 * refused with a note); the parameter is then taken out of the address, so a reload starts blank.
 */
export function usePreselectedLibraryImage(brandId: string | undefined, apply: (media: MediaView) => void) {
  const [params, setParams] = useSearchParams();
  const requested = params.getAll(PRESELECTED_MEDIA_PARAM);
  const first = requested[0] ?? null;
  const file = useMediaFile(brandId, first);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!first || done.current === first || (!file.data && !file.isError)) return;
    done.current = first;
    if (file.data?.mimeType.startsWith("image/")) latest.current(file.data);
    else if (file.data)
      toast.info("The post generator takes an image: this file is a video.", { duration: 4_000 });
    else toast.error("That file is no longer in your media library.", { duration: 4_000 });
    if (requested.length > 1)
      toast.info("The post generator takes one image: the first one you chose is used.", { duration: 4_000 });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PRESELECTED_MEDIA_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [first, file.data, file.isError, requested.length, setParams]);
}
