import type { ConnectionFlow, ConnectionsView, ExchangeResult } from "@smm/domain/web";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { call, client } from "@/lib/api";

export const connectionKeys = { all: ["connections"] as const };

/** The login dialog (Meta's, or the sandbox's consent page) for a page or an ad account, with its state. */
export function startFacebookConnection(flow: ConnectionFlow): Promise<{ url: string }> {
  return call(client.api.connections.facebook.start.$post({ json: { flow } }));
}

/** The callback's one exchange of the dialog's code (the server refuses a second one for the same state). */
export function exchangeFacebookCode(input: { code: string; state: string }): Promise<ExchangeResult> {
  return call(client.api.connections.facebook.exchange.$post({ json: input }));
}

/**
 * Stores the picked page or ad account with the brand. Answers the success text the screens show: the
 * page's comes from the server, the ad account's is built from the connections it answers.
 */
export async function connectFacebookChoice(
  flow: ConnectionFlow,
  id: string,
): Promise<{ message: string; connections: ConnectionsView }> {
  if (flow === "ads") {
    const connections = await call(client.api.connections["ad-account"].$post({ json: { adAccountId: id } }));
    return {
      message: `Successfully connected ad account: ${connections.adAccount?.name ?? id}`,
      connections,
    };
  }
  const { message, ...connections } = await call(
    client.api.connections.facebook.page.$post({ json: { pageId: id } }),
  );
  return { message, connections };
}

/** The active brand's page, Instagram account and ad account (names and state only). */
export function useConnections() {
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: () => call(client.api.connections.$get()),
  });
}

/** Disconnect the page (with its Instagram and ad account) or only the ad account. */
export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: ConnectionFlow) =>
      call(
        what === "ads"
          ? client.api.connections["ad-account"].disconnect.$post()
          : client.api.connections.facebook.disconnect.$post(),
      ),
    onSuccess: (connections) => queryClient.setQueryData(connectionKeys.all, connections),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
