import { useState } from "react";

import type { PostView } from "@/lib/posts";

import { approvalDecision, approvalLabel } from "./post-logic";

/**
 * Approving a post, the same on every screen (dashboard cards, the generator, the chat): at the AI's
 * future optimal time without asking, otherwise through the date and time picker; the label says which.
 */
export function useApproval(
  post: PostView | undefined,
  approveAt: (date: Date) => void,
  approveAtOptimalTime: (expected: Date) => void,
) {
  const [pickerOpen, setPickerOpen] = useState(false);
  return {
    label: post ? approvalLabel(post) : "Approve & Schedule...",
    pickerOpen,
    setPickerOpen,
    approve: () => {
      if (!post) return;
      const decision = approvalDecision(post);
      if (decision.kind === "direct") approveAtOptimalTime(decision.scheduledDate);
      else setPickerOpen(true);
    },
    /** The picker's answer. */
    approveAt,
  };
}
