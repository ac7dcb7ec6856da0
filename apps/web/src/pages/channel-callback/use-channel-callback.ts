import { type PostPlatform, platformLabels } from "@smm/domain/web";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";

import { completeChannelConnection, isPostPlatform } from "@/lib/channels";

type Completion = Awaited<ReturnType<typeof completeChannelConnection>>;

/**
 * One exchange per consent round trip: the promise is kept by its state, so React strict mode's second
 * effect (or a re-render) reuses it instead of sending the single-use code twice.
 */
const completions = new Map<string, Promise<Completion>>();

function completeOnce(platform: PostPlatform, code: string, state: string): Promise<Completion> {
  let pending = completions.get(state);
  if (!pending) {
    pending = completeChannelConnection({ platform, code, state });
    completions.set(state, pending);
  }
  return pending;
}

export type CallbackView =
  | { phase: "working"; label: string }
  | { phase: "connected"; label: string; message: string }
  | { phase: "failed"; label: string; message: string };

type CallbackRequest =
  | { label: string; error: string }
  | { label: string; platform: PostPlatform; code: string; state: string };

/** What the network's consent page sent back, read from the URL. */
function readRequest(platformParam: string | undefined, params: URLSearchParams): CallbackRequest {
  if (!isPostPlatform(platformParam))
    return { label: "your channel", error: "This link is not for a network we know." };
  const label = platformLabels[platformParam];
  const denied = params.get("error");
  if (denied) {
    const description = params.get("error_description");
    return {
      label,
      error: description
        ? `${label} did not allow access: ${description}`
        : `${label} did not allow access. Start again and choose Authorize.`,
    };
  }
  const code = params.get("code");
  const state = params.get("state");
  if (!code || !state) return { label, error: `${label} did not send the details back. Please start again.` };
  return { label, platform: platformParam, code, state };
}

export function useChannelCallback(): CallbackView {
  const { platform: platformParam } = useParams();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [request] = useState(() => readRequest(platformParam, params));
  const { label } = request;
  const [view, setView] = useState<CallbackView>(() =>
    "error" in request ? { phase: "failed", label, message: request.error } : { phase: "working", label },
  );

  useEffect(() => {
    if (!("code" in request)) return;
    let current = true;
    completeOnce(request.platform, request.code, request.state).then(
      (result) => {
        // Every brand's channel list may have changed: the round trip's brand is the server's to know.
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === "brand" && query.queryKey[2] === "channels",
        });
        if (current) setView({ phase: "connected", label, message: result.message });
      },
      (error: unknown) => {
        if (current)
          setView({
            phase: "failed",
            label,
            message: error instanceof Error && error.message ? error.message : "The connection failed.",
          });
      },
    );
    return () => {
      current = false;
    };
  }, [request, label, queryClient]);

  return view;
}
