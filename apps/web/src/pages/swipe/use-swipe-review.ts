import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";

import { formatDateTime, futureOptimalTime, type PostView } from "@/lib/generation";
import type { PostActionRequest } from "@/lib/post-actions";
import { useLivePostQueries } from "@/lib/posts";
import {
  acceptsDecision,
  remainingCount,
  SWIPE_DEBOUNCE_MS,
  type SwipeDecision,
  swipeErrorMessage,
  swipeProgress,
  swipeQueue,
  usePendingQueue,
} from "@/lib/swipe";
import { usePostAction } from "@/lib/use-post-action";

// Core spec section 9: success toasts 2000 ms; error toasts 4000 ms.
const SUCCESS_TOAST_MS = 2_000;
const ERROR_TOAST_MS = 4_000;
export const APPROVED_UNSCHEDULED_TOAST = "Approved: find it in the calendar's Approved Content";

export type Exiting = { post: PostView; direction: SwipeDecision };

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    Boolean(target.closest("[role=dialog], [role=textbox], [role=combobox], [role=listbox], [role=slider]"))
  );
}

/**
 * The swipe review's session: the pending queue, the posts decided here, the card flying out, the one
 * waiting for deny feedback, the screen reader's announcement and the arrow keys. The screen only renders it.
 */
export function useSwipeReview(brandId: string) {
  useLivePostQueries(brandId);
  const queue = usePendingQueue(brandId);
  const review = usePostAction(brandId);

  // The posts decided in this session (in flight or done); a refused one is taken out again.
  const [decided, setDecided] = useState<ReadonlyMap<string, SwipeDecision>>(() => new Map());
  const [exiting, setExiting] = useState<Exiting | null>(null);
  const [denying, setDenying] = useState<PostView | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const lastDecisionAt = useRef<number | null>(null);
  const exitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(exitTimer.current), []);

  const page = queue.data;
  const waiting = useMemo(
    () => (page ? swipeQueue(page.posts, new Set(decided.keys())) : []),
    [page, decided],
  );
  const current = exiting?.post ?? waiting[0] ?? null;
  // The card flying out still counts as the one on screen until the next one shows.
  const reviewed = decided.size - (exiting ? 1 : 0);
  const remaining = page ? remainingCount(page, waiting.length) + (exiting ? 1 : 0) : 0;
  const progress = swipeProgress(reviewed, remaining);
  let approvedCount = 0;
  for (const decision of decided.values()) if (decision === "approve") approvedCount += 1;
  const deniedCount = decided.size - approvedCount;

  const forget = useCallback((postId: string) => {
    setDecided((previous) => {
      const next = new Map(previous);
      next.delete(postId);
      return next;
    });
  }, []);

  /** Takes the decision (unless within 300 ms of the last one) and flies the card out; false if ignored. */
  const decide = useCallback(
    (post: PostView, decision: SwipeDecision, feedback = ""): boolean => {
      const now = Date.now();
      if (exiting || !acceptsDecision(now, lastDecisionAt.current)) return false;
      lastDecisionAt.current = now;
      setDecided((previous) => new Map(previous).set(post.id, decision));
      setExiting({ post, direction: decision });
      clearTimeout(exitTimer.current);
      exitTimer.current = setTimeout(() => setExiting(null), SWIPE_DEBOUNCE_MS);

      const scheduled = decision === "approve" ? futureOptimalTime(post) : null;
      setAnnouncement(
        decision === "approve"
          ? scheduled
            ? `Approved, scheduled for ${formatDateTime(scheduled)}.`
            : "Approved. It is in the calendar's Approved Content."
          : "Denied.",
      );
      const action: PostActionRequest =
        decision === "approve"
          ? scheduled
            ? { type: "approve", scheduledDate: scheduled.toISOString(), atOptimalTime: true }
            : { type: "approve", scheduledDate: null }
          : { type: "deny", feedback };
      review.mutateAsync({ postId: post.id, action }).then(
        () => {
          if (decision === "deny") {
            toast.success("Post denied. Thanks for the feedback.", { duration: SUCCESS_TOAST_MS });
          } else if (scheduled) {
            toast.success(`Approved and scheduled for ${formatDateTime(scheduled)}`, {
              duration: SUCCESS_TOAST_MS,
            });
          } else {
            toast.success(APPROVED_UNSCHEDULED_TOAST, { duration: SUCCESS_TOAST_MS });
          }
        },
        (error: unknown) => {
          forget(post.id);
          const message = swipeErrorMessage(error, decision);
          toast.error(message, { duration: ERROR_TOAST_MS });
          setAnnouncement(`${message} The post is back in the queue.`);
        },
      );
      return true;
    },
    [exiting, review, forget],
  );

  /** Deny asks for feedback first; the card waits aside until it is given or the dialog is cancelled. */
  const startDeny = useCallback(
    (post: PostView): boolean => {
      if (exiting || denying || !acceptsDecision(Date.now(), lastDecisionAt.current)) return false;
      setDenying(post);
      return true;
    },
    [exiting, denying],
  );

  const decideCard = (decision: SwipeDecision) => {
    if (!current || exiting) return false;
    return decision === "approve" ? decide(current, "approve") : startDeny(current);
  };

  // ArrowRight approves, ArrowLeft denies, unless the focus is in a text field or a dialog.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (isTextField(event.target) || denying || !current || exiting) return;
    event.preventDefault();
    if (event.key === "ArrowRight") decide(current, "approve");
    else startDeny(current);
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  return {
    page,
    loadFailed: queue.isError && !page,
    retry: () => void queue.refetch(),
    current,
    exiting,
    denying,
    announcement,
    progress,
    approvedCount,
    deniedCount,
    decidedCount: decided.size,
    approve: (post: PostView) => decide(post, "approve"),
    startDeny,
    decideCard,
    closeDeny: () => setDenying(null),
    confirmDeny: (feedback: string) => {
      if (denying) decide(denying, "deny", feedback);
    },
  };
}
