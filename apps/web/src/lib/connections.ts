import type { ExchangeResult } from "@smm/domain/connections/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

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

/** The active brand's page, Instagram account and ad account (names and state only). */
export function useConnections() {
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: () => call(client.api.connections.$get()),
  });
}

/** Opens the login dialog (Meta's, or the sandbox's consent page) for a page or an ad account. */
export function useStartConnection() {
  return useMutation({
    mutationFn: (flow: "page" | "ads") =>
      call(client.api.connections.facebook.start.$post({ json: { flow } })),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

/** Disconnect the page (with its Instagram and ad account) or only the ad account. */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: "page" | "ads") =>
      call(
        what === "ads"
          ? client.api.connections["ad-account"].disconnect.$post()
          : client.api.connections.facebook.disconnect.$post(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
