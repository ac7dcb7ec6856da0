import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import { copyText } from "@/lib/clipboard";
import type { PostView } from "@/lib/posts";
import { postCardFeedback } from "@/lib/posts";
import { usePostAction } from "@/lib/use-post-action";

import { approvalDecision, CONFIRMATION_MS, cardActions, downloadFileName } from "./post-logic";

export type OpenDialog = "approve" | "deny" | "edit" | "schedule" | "publish" | "cancel" | "delete" | null;

/** A 2 s confirmation flag (core spec section 9: copy and download confirmations). */
function useFlash(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [
    on,
    () => {
      if (timer.current) clearTimeout(timer.current);
      setOn(true);
      timer.current = setTimeout(() => setOn(false), CONFIRMATION_MS);
    },
  ];
}

async function downloadImage(post: PostView): Promise<void> {
  if (!post.imageUrl) return;
  const response = await fetch(post.imageUrl, { credentials: "include" });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = downloadFileName(post.id, blob.type);
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}

/**
 * The post card's actions: which ones the lifecycle offers (cardActions), the dialog open, the copy and
 * download confirmations, and the requests, each optimistic through usePostAction. The bar only renders it.
 */
export function usePostCardActions(post: PostView, brandId: string) {
  const action = usePostAction(brandId, postCardFeedback);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [copied, flashCopied] = useFlash();
  const [downloaded, flashDownloaded] = useFlash();
  const postId = post.id;

  return {
    actions: cardActions(post),
    reapprove: post.state === "denied",
    busy: action.isPending,
    dialog,
    openDialog: setDialog,
    closeDialog: (open: boolean) => {
      if (!open) setDialog(null);
    },
    copied,
    downloaded,
    copy: () => {
      copyText(post.content).then(flashCopied, () =>
        toast.error("Could not copy the message", { duration: 4_000 }),
      );
    },
    download: () => {
      downloadImage(post).then(flashDownloaded, () =>
        toast.error("Could not download the image", { duration: 4_000 }),
      );
    },
    /** Approves at the post's own date when it has a usable one, else asks for a date first. */
    approve: () => {
      const decision = approvalDecision(post);
      if (decision.kind === "direct")
        action.mutate(
          {
            postId,
            action: {
              type: "approve",
              scheduledDate: decision.scheduledDate.toISOString(),
              atOptimalTime: true,
            },
          },
          {
            // The optimal time passed before the server saw it: ask for a date as for any other post.
            onError: (error) => {
              if (error instanceof ApiError && error.reason === "optimal_time_unavailable")
                setDialog("approve");
            },
          },
        );
      else setDialog("approve");
    },
    approveAt: (date: Date) =>
      action.mutate({ postId, action: { type: "approve", scheduledDate: date.toISOString() } }),
    deny: (feedback: string) => action.mutate({ postId, action: { type: "deny", feedback } }),
    save: (content: string) => action.mutateAsync({ postId, action: { type: "edit", content } }),
    schedule: (date: Date) =>
      action.mutate({ postId, action: { type: "schedule", scheduledDate: date.toISOString() } }),
    publish: () => action.mutate({ postId, action: { type: "publish" } }),
    cancel: () => action.mutate({ postId, action: { type: "cancel" } }),
    remove: () => action.mutate({ postId, action: { type: "delete" } }),
  };
}

export type PostCardActions = ReturnType<typeof usePostCardActions>;
