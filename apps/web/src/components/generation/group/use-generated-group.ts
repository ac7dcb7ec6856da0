import { MISSING_SCHEDULED_DATE, platformLabels, SCHEDULED_IN_PAST } from "@smm/domain/web";
import { useQueries } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { fitForNetwork, textLimitFor, useChannels } from "@/lib/channels";
import {
  actionErrorMessage,
  defaultScheduleDate,
  formatDateTime,
  fromLocalInputValue,
  generatedPostQuery,
  isGenerationFailure,
  type PostView,
  SCHEDULE_FAILED_MESSAGE,
  toLocalInputValue,
} from "@/lib/generation";
import { useApprovePostGroup } from "@/lib/post-groups";

const listNames = (posts: PostView[]) => posts.map((post) => platformLabels[post.platform]).join(" and ");

/**
 * A generation written for several channels, as one: its posts (read by id, shared with their cards),
 * whether they are all written, which are over their network's limit, and Approve all for one date.
 */
export function useGeneratedGroup(brandId: string, postIds: string[]) {
  const queries = useQueries({ queries: postIds.map((postId) => generatedPostQuery(brandId, postId)) });
  const channels = useChannels(brandId).data;
  const approveAll = useApprovePostGroup(brandId);
  const posts = queries.flatMap((query) => (query.data ? [query.data] : []));
  const loaded = posts.length === postIds.length;
  const groupId = posts.find((post) => post.groupId)?.groupId ?? null;
  const generating = !loaded || posts.some((post) => post.state === "generating");
  const overLimit = posts.filter((post) => {
    const limit = textLimitFor(channels, post.platform);
    return post.state !== "generating" && limit !== null && fitForNetwork(post.content, limit).over;
  });
  const approvable = posts.filter(
    (post) => post.availableActions.includes("approve") && !isGenerationFailure(post),
  );
  const scheduled = posts.filter((post) => post.state === "scheduled" || post.state === "published");

  // The date: the first version's AI time while ahead, else the next hour, until the user picks one.
  const [picked, setPicked] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const first = posts[0];
  const now = new Date();
  const dateValue = picked ?? (first ? toLocalInputValue(defaultScheduleDate(first, now)) : "");

  // One toast for the group when every version is written (the cards stay quiet).
  const sawGenerating = useRef(false);
  const announced = useRef(false);
  useEffect(() => {
    if (generating) {
      sawGenerating.current = true;
      return;
    }
    if (!sawGenerating.current || announced.current) return;
    announced.current = true;
    toast.success(`${posts.length} posts generated and ready for review`, { id: `group-${groupId}` });
  }, [generating, posts.length, groupId]);

  const blockedReason = generating
    ? "Approve all is available once every version is written."
    : overLimit.length > 0
      ? `${listNames(overLimit)} ${overLimit.length === 1 ? "is" : "are"} over ${overLimit.length === 1 ? "its" : "their"} limit: shorten ${overLimit.length === 1 ? "it" : "them"} to approve all.`
      : null;

  return {
    posts,
    loaded,
    groupId,
    generating,
    approvable,
    scheduled,
    blockedReason,
    canApproveAll: groupId !== null && approvable.length > 0 && blockedReason === null,
    approving: approveAll.isPending,
    dateValue,
    dateMin: toLocalInputValue(now),
    dateError,
    changeDate(value: string) {
      setPicked(value);
      setDateError(null);
    },
    approveAll() {
      if (!groupId) return;
      const date = fromLocalInputValue(dateValue);
      if (!date) return setDateError(MISSING_SCHEDULED_DATE);
      if (date.getTime() <= Date.now()) return setDateError(SCHEDULED_IN_PAST);
      const count = approvable.length;
      approveAll.mutate(
        { groupId, postIds, scheduledDate: date.toISOString() },
        {
          onSuccess: () =>
            toast.success(
              `${count === 1 ? "1 post" : `${count} posts`} approved and scheduled for ${formatDateTime(date)}`,
            ),
          onError: (error) => toast.error(actionErrorMessage(error, SCHEDULE_FAILED_MESSAGE)),
        },
      );
    },
  };
}

export type GeneratedGroupState = ReturnType<typeof useGeneratedGroup>;
