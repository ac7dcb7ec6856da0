import { POST_CONTENT_EMPTY } from "@smm/domain/web";
import { useState } from "react";

import { useGeneratedPostCard } from "@/components/generation/use-generated-post-card";
import { useTextFit } from "@/lib/channels";
import { postCardFeedback } from "@/lib/posts";
import { usePostAction } from "@/lib/use-post-action";

/**
 * One channel's version of a group: followed live like any generated post (quietly: the group speaks
 * for all of them), its text counted the network's way as it is edited, and approved on its own.
 */
export function useGroupVersion(brandId: string, postId: string) {
  const card = useGeneratedPostCard(brandId, postId, { announce: false });
  const { post, view } = card;
  const edit = usePostAction(brandId, postCardFeedback);
  // null: not editing. The draft survives a refused save.
  const [draft, setDraft] = useState<string | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const text = draft ?? post?.content ?? "";
  const textFit = useTextFit(brandId, post?.platform, text, Boolean(post?.imageUrl));
  const ready = Boolean(view) && view?.phase !== "generating" && view?.phase !== "failed";
  const editing = draft !== null;

  return {
    ...card,
    /** The post as the preview shows it: with the draft's text while editing. */
    shown: post && editing ? { ...post, content: draft } : post,
    textFit,
    canEdit: ready && Boolean(post?.availableActions.includes("edit")),
    editing,
    draft: draft ?? "",
    draftError,
    saving: edit.isPending,
    startEdit: () => {
      setDraft(post?.content ?? "");
      setDraftError(null);
    },
    changeDraft: (value: string) => {
      setDraft(value);
      setDraftError(null);
    },
    cancelEdit: () => {
      setDraft(null);
      setDraftError(null);
    },
    saveEdit: () => {
      if (draft === null) return;
      if (!draft.trim()) {
        setDraftError(POST_CONTENT_EMPTY);
        return;
      }
      edit.mutate({ postId, action: { type: "edit", content: draft } }, { onSuccess: () => setDraft(null) });
    },
    /** Why this version cannot be approved now, in words; null when it can. */
    approveBlocked: editing ? "Save or cancel your edit first." : ready ? (textFit?.reason ?? null) : null,
  };
}

export type GroupVersionState = ReturnType<typeof useGroupVersion>;
