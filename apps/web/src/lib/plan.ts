import type { UserPlan } from "@smm/domain/plans/get-plan";
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
