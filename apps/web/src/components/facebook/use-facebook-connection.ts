import {
  type ConnectionFlow,
  facebookConnectionMachine,
  type PopupMessage,
  popupMessageTypes,
} from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useMachine } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { fromPromise } from "xstate";

import { connectFacebookChoice, connectionKeys, startFacebookConnection } from "@/lib/connections";

/** A dialog-sized window, centred on the app's window. */
function popupFeatures(): string {
  const width = 600;
  const height = 700;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

function isPopupMessage(data: unknown): data is PopupMessage {
  return typeof data === "object" && data !== null && typeof (data as { type?: unknown }).type === "string";
}

/**
 * The popup flow of connections.md section 4 for one flow (page or ad account), as the Settings tab,
 * /facebook-connect and wizard step 3 run it: the domain machine with the browser's part provided here.
 * The popup opens inside the click (an empty window, pointed at the dialog once the server answers with
 * its URL), the callback page in it posts FACEBOOK_AUTH_* (or _MARKETING_) back to us, and the machine
 * checks every second whether the user closed it. A blocked popup falls back to this window.
 */
export function useFacebookConnection(flow: ConnectionFlow, options: { connectSingleChoice?: boolean } = {}) {
  const queryClient = useQueryClient();
  const popup = useRef<Window | null>(null);
  // Created once: useMachine must always receive the same machine.
  const [machine] = useState(() =>
    facebookConnectionMachine.provide({
      actors: {
        startConnection: fromPromise(({ input }) => startFacebookConnection(input.flow)),
        connectChoice: fromPromise(async ({ input }) => {
          const { message, connections } = await connectFacebookChoice(input.flow, input.id);
          queryClient.setQueryData(connectionKeys.all, connections);
          return { message };
        }),
      },
      guards: { popupClosed: () => popup.current?.closed === true },
      actions: {
        openPopup: () => {
          popup.current = window.open("about:blank", `facebook-${flow}-connection`, popupFeatures());
        },
        showDialog: (_, { url }) => {
          // A blocked popup (window.open gave nothing) falls back to this window. One the user closed before
          // the dialog's address arrived is an abandoned connection, which the every-second check reports:
          // taking this window over instead would lose the screen they chose to stay on.
          if (popup.current === null) window.location.assign(url);
          else if (!popup.current.closed) popup.current.location.href = url;
        },
        closePopup: () => {
          if (popup.current && !popup.current.closed) popup.current.close();
          popup.current = null;
        },
      },
    }),
  );
  const [snapshot, send, actorRef] = useMachine(machine, {
    input: { flow, surface: "settings", connectSingleChoice: options.connectSingleChoice ?? false },
  });

  // Only our own callback page, in the window we opened, may report: same origin and same source.
  useEffect(() => {
    const types = popupMessageTypes[flow];
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isPopupMessage(event.data)) return;
      if (popup.current && event.source !== popup.current) return;
      const message = event.data;
      if (message.type === types.success && "pages" in message) {
        actorRef.send({
          type: "AUTH_SUCCESS",
          pages: message.pages,
          adAccounts: message.adAccounts,
          message: message.message,
          network: message.network,
        });
      } else if (message.type === types.error && "error" in message) {
        actorRef.send({ type: "AUTH_ERROR", error: message.error });
      } else return;
      popup.current = null;
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [actorRef, flow]);

  // The outcome as a toast too (UI.md): a success names the page, a failure repeats the spec's text.
  const { connectedMessage, error } = snapshot.context;
  const connected = snapshot.matches("connected");
  const failed = snapshot.matches("error");
  useEffect(() => {
    if (connected && connectedMessage) toast.success(connectedMessage, { id: `facebook-${flow}-connected` });
  }, [connected, connectedMessage, flow]);
  useEffect(() => {
    if (failed && error) toast.error(error, { id: `facebook-${flow}-error` });
  }, [failed, error, flow]);
  useEffect(() => {
    if (connected) void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
  }, [connected, queryClient]);

  return {
    snapshot,
    busy: snapshot.hasTag("busy"),
    waiting: snapshot.matches("waiting"),
    choosing: snapshot.matches("choosing") || snapshot.matches("connecting"),
    connect: () => send({ type: "CONNECT" }),
    select: (id: string) => send({ type: "SELECT", id }),
    confirm: () => send({ type: "CONFIRM" }),
    cancel: () => send({ type: "SKIP" }),
    stopWaiting: () => send({ type: "RESET" }),
  };
}

export type FacebookConnectionFlow = ReturnType<typeof useFacebookConnection>;
