import { type ConnectionFlow, type ExchangeResult, facebookConnectionMachine } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useMachine } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { fromPromise } from "xstate";

import { connectFacebookChoice, connectionKeys, exchangeFacebookCode } from "@/lib/connections";

/** Our own page opened this window (Settings' popup), so the outcome goes back to it. */
function openerIsOurs(): boolean {
  try {
    return Boolean(
      window.opener && window.opener !== window && window.opener.location.origin === window.location.origin,
    );
  } catch {
    // Reading another origin's location throws: not ours.
    return false;
  }
}

/**
 * The callback screen's state: the domain machine on the callback surface. The dialog's answer is read
 * from the URL and the code exchanged once per visit: the exchange's promise is kept in a ref, so React
 * strict mode's second start of the machine reuses it instead of spending the single-use code twice. In a
 * popup the outcome is posted to the opener (same origin only) and the popup closes; otherwise the picker
 * shows here and an error returns to /settings after 4 seconds.
 */
export function useFacebookCallback(flow: ConnectionFlow) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exchange = useRef<Promise<ExchangeResult> | null>(null);
  const [machine] = useState(() =>
    facebookConnectionMachine.provide({
      actors: {
        exchangeCode: fromPromise(({ input }) => {
          exchange.current ??= exchangeFacebookCode(input);
          return exchange.current;
        }),
        connectChoice: fromPromise(async ({ input }) => {
          const { message, connections } = await connectFacebookChoice(input.flow, input.id);
          queryClient.setQueryData(connectionKeys.all, connections);
          return { message };
        }),
      },
      guards: { hasOpener: openerIsOurs },
      actions: {
        tellOpener: (_, message) => window.opener?.postMessage(message, window.location.origin),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      flow,
      surface: "callback",
      params: {
        code: params.get("code"),
        state: params.get("state"),
        error: params.get("error"),
        errorDescription: params.get("error_description"),
      },
    },
  });

  const phase = snapshot.value;
  const { error, connectedMessage } = snapshot.context;
  useEffect(() => {
    if (phase === "handedOver") window.close();
    if (phase === "leaving") navigate("/settings");
    if (phase === "connected") {
      if (connectedMessage) toast.success(connectedMessage, { id: `facebook-${flow}-connected` });
      navigate(flow === "ads" ? "/campaigns" : "/settings");
    }
  }, [phase, navigate, flow, connectedMessage]);
  useEffect(() => {
    if (phase === "error" && error)
      toast.error(`Facebook connection failed: ${error}`, { id: "facebook-callback" });
  }, [phase, error]);

  return {
    snapshot,
    processing: snapshot.hasTag("busy") && !snapshot.matches("connecting"),
    connecting: snapshot.matches("connecting"),
    select: (id: string) => send({ type: "SELECT", id }),
    confirm: () => send({ type: "CONFIRM" }),
    skip: () => send({ type: "SKIP" }),
  };
}
