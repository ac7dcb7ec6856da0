import type {
  AgentSettingsView,
  CalendarAnalysisView,
  CalendarRange,
  SuggestionView,
  UpdateAgentSettingsInput,
} from "@smm/domain/web";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";

import { call, callOptions, client, pathId } from "@/lib/api";
import { subscribeToResync, useAppEvent } from "@/lib/events";
import { planKeys } from "@/lib/plan";

/*
 * The AI agent page's server state: the calendar analysis per range, the suggestions and the agent
 * settings. Brand data lives under ["brand", id, "agent"] so a brand switch drops it; the settings are the
 * user's. post.changed refreshes the analysis (its pending count is read live) and the suggestions' button
 * states; agent.settings.changed brings another tab's edits.
 */

export type { AgentSettingsView, CalendarAnalysisView, CalendarRange, SuggestionView };

/** Connections spec section 9: the analysis refreshes every 5 minutes while the page is open. */
export const ANALYSIS_REFRESH_MS = 300_000;

export const SUGGESTION_DISMISSED = "Suggestion dismissed";
export const DISMISS_FAILED = "Failed to dismiss suggestion";

export const agentKeys = {
  brand: (brandId: string) => ["brand", brandId, "agent"] as const,
  analysis: (brandId: string, range: CalendarRange) =>
    ["brand", brandId, "agent", "analysis", range] as const,
  dashboard: (brandId: string) => ["brand", brandId, "agent", "dashboard"] as const,
  suggestions: (brandId: string) => ["brand", brandId, "agent", "suggestions"] as const,
  settings: ["agent-settings"] as const,
};

/** The browser's clock: the week runs Sunday to Saturday where the user is. */
export const browserOffsetMinutes = () => -new Date().getTimezoneOffset();
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const analyze = (
  brandId: string,
  range: CalendarRange,
  extra: { forceRefresh?: boolean },
  signal?: AbortSignal,
) =>
  call(
    client.api.agent.analysis.$post(
      { json: { range, utcOffsetMinutes: browserOffsetMinutes(), freshFor: "page", ...extra } },
      callOptions({ brandId, signal }),
    ),
  );

/**
 * The page's analysis of one range: the cached one (null when the brand was never analysed, so the page
 * offers Analyze Now), refetched every 5 minutes and when the range changes.
 */
export function useCalendarAnalysis(brandId: string, range: CalendarRange) {
  return useQuery({
    queryKey: agentKeys.analysis(brandId, range),
    queryFn: async ({ signal }) =>
      (
        await call(
          client.api.agent.analysis.cached.$post(
            { json: { range, utcOffsetMinutes: browserOffsetMinutes(), freshFor: "page" } },
            callOptions({ brandId, signal }),
          ),
        )
      ).analysis,
    refetchInterval: ANALYSIS_REFRESH_MS,
    retry: 1,
  });
}

/** Analyze Now and Refresh: a new analysis, whatever the cache holds. */
export function useRefreshAnalysis(brandId: string, range: CalendarRange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => analyze(brandId, range, { forceRefresh: true }),
    onSuccess: (analysis) => queryClient.setQueryData(agentKeys.analysis(brandId, range), analysis),
  });
}

/**
 * The dashboard's 7-day analysis (cache fresh for 6 hours there; this week's count, the target and the
 * pending count are read live by the server). post.changed refetches it, so a post scheduled or published
 * anywhere moves the weekly target without Refresh.
 */
export function useDashboardAnalysis(brandId: string) {
  const queryClient = useQueryClient();
  useAppEvent("post.changed", (event) => {
    if (event.brandId === brandId)
      void queryClient.invalidateQueries({ queryKey: agentKeys.dashboard(brandId) });
  });
  // The target itself, changed in another tab.
  useAppEvent("agent.settings.changed", () => {
    void queryClient.invalidateQueries({ queryKey: agentKeys.dashboard(brandId) });
  });
  useEffect(
    () =>
      subscribeToResync(() => {
        void queryClient.invalidateQueries({ queryKey: agentKeys.dashboard(brandId) });
      }),
    [queryClient, brandId],
  );
  return useQuery({
    queryKey: agentKeys.dashboard(brandId),
    queryFn: ({ signal }) =>
      call(
        client.api.agent.analysis.$post(
          { json: { range: "7d", utcOffsetMinutes: browserOffsetMinutes(), freshFor: "dashboard" } },
          callOptions({ brandId, signal }),
        ),
      ),
  });
}

export function useSuggestions(brandId: string) {
  return useQuery({
    queryKey: agentKeys.suggestions(brandId),
    queryFn: async ({ signal }) =>
      (await call(client.api.agent.suggestions.$get(undefined, callOptions({ brandId, signal }))))
        .suggestions,
  });
}

export function useGenerateFromSuggestion(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(
        client.api.agent.suggestions[":id"].generate.$post({ param: pathId(id) }, callOptions({ brandId })),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.brand(brandId) }),
        // The generation used the plan's allowance: the next allowance check reads what is left.
        queryClient.invalidateQueries({ queryKey: planKeys.all }),
      ]),
  });
}

export function useDismissSuggestion(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(
        client.api.agent.suggestions[":id"].dismiss.$post({ param: pathId(id) }, callOptions({ brandId })),
      ),
    onMutate: async (id) => {
      const key = agentKeys.suggestions(brandId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SuggestionView[]>(key);
      if (previous)
        queryClient.setQueryData(
          key,
          previous.filter((suggestion) => suggestion.id !== id),
        );
      return { previous };
    },
    // Here rather than at the call: the dismissed card is gone from the list (and unmounted) at once.
    onSuccess: () => toast.success(SUGGESTION_DISMISSED),
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(agentKeys.suggestions(brandId), context.previous);
      toast.error(DISMISS_FAILED);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.brand(brandId) }),
  });
}

export function useAgentSettings() {
  return useQuery({
    queryKey: agentKeys.settings,
    queryFn: ({ signal }) => call(client.api.agent.settings.$get(undefined, callOptions({ signal }))),
  });
}

/** Saves one field; the cached settings change at once and roll back when the server refuses. */
export function useUpdateAgentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAgentSettingsInput) => call(client.api.agent.settings.$patch({ json: input })),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: agentKeys.settings });
      const previous = queryClient.getQueryData<AgentSettingsView>(agentKeys.settings);
      if (previous) queryClient.setQueryData(agentKeys.settings, { ...previous, [input.field]: input.value });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(agentKeys.settings, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(agentKeys.settings, settings),
    // The target changes the analysis; turning the agent on makes posts and suggestions.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["brand"], predicate: isAgentQuery }),
  });
}

const isAgentQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[2] === "agent";

/** Keeps the page live: posts change button states and counts; another tab's settings arrive at once. */
export function useLiveAgentQueries(brandId: string) {
  const queryClient = useQueryClient();
  useAppEvent("post.changed", (event) => {
    if (event.brandId === brandId) void queryClient.invalidateQueries({ queryKey: agentKeys.brand(brandId) });
  });
  useAppEvent("agent.settings.changed", () => {
    void queryClient.invalidateQueries({ queryKey: agentKeys.settings });
    void queryClient.invalidateQueries({ queryKey: agentKeys.brand(brandId) });
  });
  useEffect(
    () =>
      subscribeToResync(() => {
        void queryClient.invalidateQueries({ queryKey: agentKeys.settings });
        void queryClient.invalidateQueries({ queryKey: agentKeys.brand(brandId) });
      }),
    [queryClient, brandId],
  );
}
