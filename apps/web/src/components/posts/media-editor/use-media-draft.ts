import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { toast } from "sonner";

import { ApiError, hasApiReason } from "@/lib/api";
import { networkFor, useChannels } from "@/lib/channels";
import {
  type PostFormat,
  pickerKeys,
  setPostMedia,
  updateMediaAltText,
  usePostAnswer,
  writeAltText,
} from "@/lib/post-media";
import type { PostView } from "@/lib/posts";

import {
  altTextChanges,
  altTextNeededLabel,
  checkMediaFit,
  type DraftItem,
  firstCommentChange,
  fromPostMedia,
  imagesMissingAltText,
  mediaChanged,
  moveItem,
  ruleFor,
  toMediaInput,
} from "./media-editor-logic";

/** Where a refusal is shown: beside the media, or under the first comment. */
export type DraftErrorField = "media" | "firstComment";

/**
 * A post's media, format and first comment as they are being edited: the draft, the client-side check
 * against the network's declaration, and the save (alt text on the files, then setPostMedia). A refusal
 * keeps everything typed and is shown inline next to what it is about.
 */
export function useMediaDraft(post: PostView, brandId: string) {
  const queryClient = useQueryClient();
  const answer = usePostAnswer(brandId);
  const channels = useChannels(brandId);
  const network = networkFor(channels.data, post.platform);
  const initial = useMemo(() => post.media.map(fromPostMedia), [post.media]);
  const [items, setItems] = useState<DraftItem[]>(initial);
  const [format, setFormatState] = useState<PostFormat>(post.format);
  const [firstComment, setFirstComment] = useState(post.firstComment?.text ?? "");
  const [error, setError] = useState<{ field: DraftErrorField; message: string } | null>(null);
  const [drafting, setDrafting] = useState<Set<string>>(new Set());

  const fit = checkMediaFit(network, format, items);
  const missingAlt = imagesMissingAltText(items.filter((item) => item.mediaId !== null));
  const clear = () => setError(null);
  const update = (next: (current: DraftItem[]) => DraftItem[]) => {
    setItems(next);
    clear();
  };

  const commentChange = firstCommentChange(post.firstComment?.text ?? null, firstComment);
  const listChanged = mediaChanged(initial, items);
  const formatChanged = format !== post.format;
  const altChanged = altTextChanges(items);

  return {
    network,
    networkLoading: channels.isPending,
    networkError: channels.isError,
    retryNetwork: () => void channels.refetch(),
    rule: ruleFor(network, format),
    items,
    format,
    firstComment,
    fit,
    missingAlt,
    missingAltLabel: altTextNeededLabel(missingAlt),
    error,
    /** Something to save (the text is the dialog's own). */
    dirty: listChanged || formatChanged || commentChange !== undefined || altChanged.length > 0,
    /** A published post keeps its media and format; only its text (and nothing here) can change. */
    locked: post.postedAt !== null,
    firstCommentMode: network?.capabilities.firstComment ?? null,
    drafting,

    setFormat: (next: PostFormat) => {
      setFormatState(next);
      // A crop was drawn for the old format's frame: the new frame starts centred.
      if (next !== format) update((current) => current.map((item) => ({ ...item, crop: null })));
      else clear();
    },
    add: (added: DraftItem[]) =>
      update((current) => [
        ...current,
        ...added.filter((item) => !current.some((existing) => existing.mediaId === item.mediaId)),
      ]),
    remove: (index: number) => update((current) => current.filter((_, at) => at !== index)),
    move: (from: number, to: number) => update((current) => moveItem(current, from, to)),
    patch: (index: number, changes: Partial<DraftItem>) =>
      update((current) => current.map((item, at) => (at === index ? { ...item, ...changes } : item))),
    setFirstComment: (value: string) => {
      setFirstComment(value);
      if (error?.field === "firstComment") clear();
    },

    /** AI drafts of alt text for these images (saved on the files); the fields show them. */
    draftAltText: async (mediaIds: string[], overwrite: boolean) => {
      if (mediaIds.length === 0) return;
      setDrafting((current) => new Set([...current, ...mediaIds]));
      try {
        const result = await writeAltText(brandId, mediaIds, overwrite);
        const byId = new Map(result.items.map((item) => [item.mediaId, item.altText]));
        setItems((current) =>
          current.map((item) => {
            const written = item.mediaId ? byId.get(item.mediaId) : undefined;
            return written === undefined ? item : { ...item, altText: written, savedAltText: written };
          }),
        );
        void queryClient.invalidateQueries({ queryKey: pickerKeys.all(brandId) });
        toast.success(
          result.items.some((item) => item.written)
            ? "Alt text drafted. Check it reads right."
            : "Nothing to draft.",
          { duration: 2_000 },
        );
      } catch (reason) {
        toast.error(
          reason instanceof ApiError ? reason.message : "Could not draft alt text. Please try again.",
          {
            duration: 4_000,
          },
        );
      } finally {
        setDrafting((current) => new Set([...current].filter((id) => !mediaIds.includes(id))));
      }
    },

    /**
     * Saves what changed: the alt texts on their files, then the media, format and first comment in one
     * setPostMedia. Rejects (after saying why, inline or in a toast) when the check or the server refuses.
     */
    save: async (): Promise<PostView | null> => {
      if (post.postedAt === null && fit.problems.length > 0) {
        setError({ field: "media", message: fit.problems[0]?.message ?? "These media do not fit." });
        throw new Error("media not fitting");
      }
      clear();
      try {
        if (altChanged.length > 0) {
          await Promise.all(
            altChanged.map((item) => updateMediaAltText(brandId, item.mediaId, item.altText.trim())),
          );
          setItems((current) => current.map((item) => ({ ...item, savedAltText: item.altText })));
          void queryClient.invalidateQueries({ queryKey: pickerKeys.all(brandId) });
        }
        const locked = post.postedAt !== null;
        const sendList = !locked && listChanged;
        const sendFormat = !locked && formatChanged;
        if (!sendList && !sendFormat && commentChange === undefined) {
          if (altChanged.length > 0)
            void queryClient.invalidateQueries({ queryKey: ["brand", brandId, "posts"] });
          return null;
        }
        const saved = await setPostMedia(brandId, {
          postId: post.id,
          ...(sendList ? { media: toMediaInput(items) } : {}),
          ...(sendFormat ? { format } : {}),
          ...(commentChange !== undefined ? { firstComment: commentChange } : {}),
        });
        answer(saved);
        return saved;
      } catch (reason) {
        if (hasApiReason(reason, "first_comment_unsupported"))
          setError({ field: "firstComment", message: reason.message });
        else if (
          hasApiReason(reason, "media_not_fitting") ||
          hasApiReason(reason, "format_unsupported") ||
          (reason instanceof ApiError && reason.status === 400)
        )
          setError({ field: "media", message: reason.message });
        else if (reason instanceof ApiError) {
          setError({ field: "media", message: reason.message });
          toast.error(reason.message || "Failed to update post. Please try again.", { duration: 4_000 });
        }
        throw reason;
      }
    },
  };
}

export type MediaDraft = ReturnType<typeof useMediaDraft>;
