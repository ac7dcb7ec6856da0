import type { AnalyticsPlatform, AnalyticsRange, AnalyticsView, PostAnalytics } from "@smm/domain/web";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { call, callOptions, client } from "@/lib/api";
import { subscribeToResync, useAppEvent } from "@/lib/events";

/*
 * The analytics dashboard's server state, one entry per brand, range and platform under the brand's key so
 * a brand switch drops it. The server caches for an hour (but never past a publish); Refresh asks it to
 * read the network again. post.changed refetches, so a post published meanwhile shows without Refresh.
 */

export type { AnalyticsPlatform, AnalyticsRange, AnalyticsView, PostAnalytics };

export const analyticsKeys = {
  brand: (brandId: string) => ["brand", brandId, "analytics"] as const,
  view: (brandId: string, range: AnalyticsRange, platform: AnalyticsPlatform) =>
    ["brand", brandId, "analytics", range, platform] as const,
};

/** Keeps the page current: a post published (or changed) elsewhere refetches, as does a stream gap. */
export function useLiveAnalytics(brandId: string) {
  const queryClient = useQueryClient();
  useAppEvent("post.changed", (event) => {
    if (event.brandId === brandId)
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.brand(brandId) });
  });
  useEffect(
    () =>
      subscribeToResync(() => {
        void queryClient.invalidateQueries({ queryKey: analyticsKeys.brand(brandId) });
      }),
    [queryClient, brandId],
  );
}

const fetchAnalytics = (
  brandId: string,
  json: { range: AnalyticsRange; platform: AnalyticsPlatform; refresh?: boolean },
  signal?: AbortSignal,
) => call(client.api.analytics.$post({ json }, callOptions({ brandId, signal })));

export function useAnalytics(brandId: string, range: AnalyticsRange, platform: AnalyticsPlatform) {
  return useQuery({
    queryKey: analyticsKeys.view(brandId, range, platform),
    queryFn: ({ signal }) => fetchAnalytics(brandId, { range, platform }, signal),
    // The previous range's numbers stay on screen (dimmed) while the next range loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRefreshAnalytics(brandId: string, range: AnalyticsRange, platform: AnalyticsPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchAnalytics(brandId, { range, platform, refresh: true }),
    onSuccess: (view) => queryClient.setQueryData(analyticsKeys.view(brandId, range, platform), view),
  });
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The post table as CSV (one row per post, the columns the table shows plus the breakdown). */
export function postsToCsv(posts: PostAnalytics[]): string {
  const header = [
    "Published",
    "Platform",
    "Post",
    "Reach",
    "Views",
    "Engagement",
    "Engagement rate (%)",
    "Likes",
    "Comments",
    "Shares",
    "Clicks",
  ];
  const rows = posts.map((post) => [
    post.publishedAt,
    post.platform,
    post.content,
    post.reach,
    post.views,
    post.engagement,
    post.engagementRate,
    post.likes,
    post.comments,
    post.shares,
    post.clicks,
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\n");
}

export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
