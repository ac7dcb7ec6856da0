import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { ApiError, betterAuth } from "@/lib/api";
import { planKeys } from "@/lib/plan";

/*
 * API keys for scripts (API.md: "Authorization: Bearer <key>"), served by better-auth's api-key plugin
 * under /api/auth/api-key/*. Creating one is refused unless the user is on Enterprise (our middleware in
 * apps/server/src/app.ts); listing and deleting are always allowed, so a key made earlier can be removed.
 */

/**
 * The server's refusal for a user who is not on Enterprise. Same text as API_ACCESS_REQUIRES_ENTERPRISE in
 * packages/domain/src/plans/require-api-access.ts, repeated here because that module reads the plan from
 * the database and is not web-safe (packages/domain/src/web-safe-modules.test.ts).
 */
export const API_ACCESS_REQUIRES_ENTERPRISE =
  "API keys are available on the Enterprise plan. Upgrade on the Subscription page to use the API.";

/**
 * better-auth's api-key plugin refuses longer names (its default maximumNameLength, apps/server/src/auth.ts
 * does not change it), so the form stops there instead of letting the server say no.
 */
export const API_KEY_NAME_MAX = 32;

/** One key as the list returns it: never the secret, only its first characters (`start`). */
export interface ApiKeySummary {
  id: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  enabled: boolean;
  /** When the key last authenticated a request (null: never used). */
  lastRequest: string | null;
  expiresAt: string | null;
  createdAt: string;
}

/** What create answers: the summary plus the full secret, which is shown this once and never again. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

/** The keys belong to the user, not a brand, so they survive a brand switch. */
export const apiKeyKeys = {
  all: ["api-keys"] as const,
};

export function useApiKeys(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async ({ signal }) => {
      const body = await betterAuth.get<{ apiKeys: ApiKeySummary[] }>("/api/auth/api-key/list", { signal });
      // Newest first: the key just made is at the top, next to where its secret was shown.
      return [...body.apiKeys].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    enabled: options.enabled ?? true,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => betterAuth.post<CreatedApiKey>("/api/auth/api-key/create", { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
    onError: (error) => {
      // Refused for the plan: the cached plan (re-checked every 10 minutes) may be out of date.
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: planKeys.all });
      }
    },
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      betterAuth.post<{ success: boolean }>("/api/auth/api-key/delete", { keyId }),
    onSuccess: (_result, keyId) => {
      queryClient.setQueryData<ApiKeySummary[]>(apiKeyKeys.all, (keys) =>
        keys?.filter((key) => key.id !== keyId),
      );
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (error) => {
      // Already gone (another tab deleted it): the list catches up.
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      }
    },
  });
}
