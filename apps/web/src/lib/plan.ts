import { DAILY_POST_LIMIT_MESSAGE, monthlyLimitMessageFor, type UserPlan } from "@smm/domain/web";
import { useMutation, useQuery } from "@tanstack/react-query";

import { call, client } from "@/lib/api";

export type { UserPlan };

/** The caller's plan belongs to the user, not a brand, so it survives a brand switch. */
export const planKeys = {
  all: ["plan"] as const,
};

/**
 * Core spec section 4 (Plan): the subscription is re-checked every 10 minutes (section 9: cached 10 min).
 * A failed check changes nothing on screen: React Query keeps the last known plan.
 */
export const PLAN_RECHECK_MS = 10 * 60_000;

export function usePlan() {
  return useQuery({
    queryKey: planKeys.all,
    queryFn: () => call(client.api.plan.$get()),
    staleTime: PLAN_RECHECK_MS,
    refetchInterval: PLAN_RECHECK_MS,
  });
}

/** The upgrade welcome was shown: the server remembers it for the plan, on every device. */
export function useAcknowledgePlanWelcome() {
  return useMutation({ mutationFn: () => call(client.api.plan.welcome.$post()) });
}

/**
 * The spec's quota text when the plan has nothing left (core spec section 8). Monthly first, as the
 * server does: when both are spent, "upgrade" is more useful than "try tomorrow". Screens check it before
 * asking for a generation (the spec's "a check of the generation allowance first"), so an expected refusal
 * is never a failed request.
 */
export function planLimitMessage(plan: UserPlan | undefined): string | null {
  if (!plan) return null;
  if (plan.postsRemaining === 0) return monthlyLimitMessageFor(plan.type);
  if (plan.dailyPostsRemaining === 0) return DAILY_POST_LIMIT_MESSAGE;
  return null;
}
