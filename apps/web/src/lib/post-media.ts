import type { LibraryItemView, PostView } from "@smm/domain/web";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";

import { callTool } from "@/lib/tools";

/*
 * A post's media, format and first comment as the composer changes them (issue 32), and the brand's media
 * library as the composer's picker reads it. Each is a declared use case, called through the tool API
 * (lib/tools.ts: POST /api/tools/{name}, the same tool the chat, scripts and MCP call).
 */

export type PostMediaItem = PostView["media"][number];
export type PostFormat = PostView["format"];
export type MediaCrop = NonNullable<PostMediaItem["crop"]>;

/** A file of the brand's media library (the listMedia tool's LibraryItem). */
export type LibraryItem = LibraryItemView;

export interface LibraryPage {
  items: LibraryItem[];
  nextBefore: string | null;
}

export interface SetPostMediaRequest {
  postId: string;
  media?: { mediaId: string; coverMs?: number | null; crop?: MediaCrop | null }[];
  format?: PostFormat;
  firstComment?: string | null;
}

export const pickerKeys = {
  /** Every view of the brand's library (the library page's and the picker's), refreshed after a change. */
  all: (brandId: string) => ["brand", brandId, "media"] as const,
  picker: (brandId: string, filters: { query: string; type: "image" | "video" | "all" }) =>
    ["brand", brandId, "media", "picker", filters] as const,
};

export const PICKER_PAGE_SIZE = 24;

/** The picker's pages of the library, newest first, searched by name and alt text. */
export function useMediaPickerPages(
  brandId: string,
  filters: { query: string; type: "image" | "video" | "all" },
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: pickerKeys.picker(brandId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      callTool<LibraryPage>(
        "listMedia",
        {
          limit: PICKER_PAGE_SIZE,
          ...(filters.query.trim() ? { query: filters.query.trim() } : {}),
          ...(filters.type !== "all" ? { type: filters.type } : {}),
          ...(pageParam ? { before: pageParam } : {}),
        },
        { brandId, signal },
      ),
    getNextPageParam: (last) => last.nextBefore,
    enabled,
  });
}

export const setPostMedia = (brandId: string, input: SetPostMediaRequest) =>
  callTool<PostView>("setPostMedia", input, { brandId });

export const retryFirstComment = (brandId: string, postId: string) =>
  callTool<PostView>("retryFirstComment", { postId }, { brandId });

export const updateMediaAltText = (brandId: string, mediaId: string, altText: string) =>
  callTool<unknown>("updateMedia", { mediaId, altText }, { brandId });

export interface AltTextDrafts {
  items: { mediaId: string; name: string; altText: string; written: boolean }[];
  model: "offline" | "openai";
}

/** AI drafts of alt text for these images, saved on each (the writeAltText tool). */
export const writeAltText = (brandId: string, mediaIds: string[], overwrite: boolean) =>
  callTool<AltTextDrafts>("writeAltText", { mediaIds, overwrite }, { brandId });

/** Writes a post the server answered into every cached view of the brand's posts, then refetches them. */
export function usePostAnswer(brandId: string) {
  const queryClient = useQueryClient();
  return (post: PostView) => {
    queryClient.setQueryData(["brand", brandId, "posts", "detail", post.id], post);
    void queryClient.invalidateQueries({ queryKey: ["brand", brandId, "posts"] });
  };
}
