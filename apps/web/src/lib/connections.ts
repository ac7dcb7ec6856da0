import type { ExchangeResult } from "@smm/domain/connections/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { call, client } from "@/lib/api";

export const connectionKeys = { all: ["connections"] as const };

/** The callback's one exchange of the dialog's code (the server refuses a second one for the same state). */
export function exchangeFacebookCode(input: { code: string; state: string }): Promise<ExchangeResult> {
  return call(client.api.connections.facebook.exchange.$post({ json: input }));
}

/** Stores the picked page or ad account with the brand; the connections are re-read after. */
export function useConnectChoice(flow: "page" | "ads") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      flow === "ads"
        ? call(client.api.connections["ad-account"].$post({ json: { adAccountId: id } }))
        : call(client.api.connections.facebook.page.$post({ json: { pageId: id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

/** The callback's texts for what the dialog sent back (connections.md section 8). */
export function describeDialogError(flow: "page" | "ads", error: string, description: string | null): string {
  if (error === "access_denied") {
    return flow === "ads"
      ? "Facebook access was denied. Please try again and grant the necessary permissions for ad account management."
      : "Facebook access was denied. Please try again and grant the necessary permissions.";
  }
  return `Facebook auth error: ${error} - ${description ?? "Unknown error"}`;
}
