import type { ExchangeResult } from "@smm/domain/connections/schemas";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";

import { describeDialogError, exchangeFacebookCode, useConnectChoice } from "@/lib/connections";

export type CallbackFlow = "page" | "ads";
type CallbackState =
  | { phase: "processing" }
  | { phase: "success"; result: ExchangeResult }
  | { phase: "error"; message: string };

/** connections.md: on error the user is sent to /settings after 4 seconds. */
export const ERROR_REDIRECT_MS = 4000;

/**
 * The callback screen's state: the dialog's answer is read once and the code exchanged once per visit (a
 * ref guards React's second effect in strict mode); a popup hands the outcome to its opener.
 */
export function useFacebookCallback(flow: CallbackFlow) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<CallbackState>({ phase: "processing" });
  const [selected, setSelected] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const started = useRef(false);
  const connect = useConnectChoice(flow);
  const prefix = flow === "ads" ? "FACEBOOK_MARKETING_AUTH" : "FACEBOOK_AUTH";

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const tell = (message: Record<string, unknown>) =>
      window.opener?.postMessage(message, window.location.origin);
    const fail = (message: string) => {
      setState({ phase: "error", message });
      tell({ type: `${prefix}_ERROR`, error: message });
    };
    const error = params.get("error");
    if (error) return fail(describeDialogError(flow, error, params.get("error_description")));
    const code = params.get("code");
    const stateParam = params.get("state");
    if (!code || !stateParam) return fail("Missing authorization code or state parameter");
    exchangeFacebookCode({ code, state: stateParam })
      .then((result) => {
        setState({ phase: "success", result });
        const first = flow === "ads" ? result.adAccounts[0]?.id : result.pages[0]?.id;
        setSelected(first ?? null);
        tell({ type: `${prefix}_SUCCESS`, pages: result.pages, adAccounts: result.adAccounts });
      })
      .catch((cause: unknown) => fail(cause instanceof Error ? cause.message : "Token exchange failed"));
  }, [flow, params, prefix]);

  useEffect(() => {
    if (state.phase !== "error") return;
    const timer = window.setTimeout(() => navigate("/settings"), ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.phase, navigate]);

  const confirm = () => {
    if (!selected) {
      setPickError(flow === "ads" ? "Please select a Facebook ad account" : "Please select a Facebook page");
      return;
    }
    setPickError(null);
    connect.mutate(selected, {
      onSuccess: () => navigate(flow === "ads" ? "/campaigns" : "/settings"),
      onError: (cause) =>
        setPickError(
          cause.message ||
            (flow === "ads" ? "Failed to select Facebook ad account" : "Failed to select Facebook page"),
        ),
    });
  };

  return {
    state,
    selected,
    select: setSelected,
    confirm,
    connecting: connect.isPending,
    pickError,
    skip: () => navigate("/settings"),
  };
}
