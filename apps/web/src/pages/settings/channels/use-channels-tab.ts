import { type ConnectFieldName, connectFieldNames, type PostPlatform, platformLabels } from "@smm/domain/web";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";

import { ApiError } from "@/lib/api";
import {
  type ConnectChannelRequest,
  useChannels,
  useConnectChannel,
  useDisconnectChannel,
} from "@/lib/channels";

/** The fields a live connection asks for (the server names the missing ones). */
export type ConnectField = ConnectFieldName;

/** What a connect attempt tells the form that sent it: nothing (it went on), or why not and by which field. */
export type ConnectOutcome = { ok: true } | { ok: false; message: string; fields: ConnectField[] };

const CONNECT_FIELDS: readonly string[] = connectFieldNames;
const isConnectField = (name: string): name is ConnectField => CONNECT_FIELDS.includes(name);

function refusal(error: unknown): Extract<ConnectOutcome, { ok: false }> {
  const message = error instanceof Error && error.message ? error.message : "Could not connect. Try again.";
  const fields =
    error instanceof ApiError
      ? (error.issues ?? []).map((issue) => issue.path.split(".")[0] ?? "").filter(isConnectField)
      : [];
  return { ok: false, message, fields };
}

/**
 * Settings > Channels: the brand's accounts and one card per network. A connect goes where the server
 * answers: connected at once (the sandbox, Bluesky), to the network's consent page in this tab (Mastodon),
 * or to the Facebook tab (Facebook, Instagram); what is missing comes back to the form that asked.
 */
export function useChannelsTab(brandId: string) {
  const channels = useChannels(brandId);
  const connect = useConnectChannel(brandId);
  const disconnect = useDisconnectChannel(brandId);
  const navigate = useNavigate();
  const [openForm, setOpenForm] = useState<PostPlatform | null>(null);
  const [busy, setBusy] = useState<{ platform: PostPlatform; mode: "live" | "sandbox" } | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function send(request: ConnectChannelRequest): Promise<ConnectOutcome> {
    const mode = request.mode ?? "live";
    setBusy({ platform: request.platform, mode });
    try {
      const result = await connect.mutateAsync(request);
      switch (result.status) {
        case "connected":
          toast.success(result.message, { id: `channel-${request.platform}` });
          setOpenForm(null);
          return { ok: true };
        case "redirect":
          // The consent page comes back to /auth/channels/:platform/callback; the tab stays busy till then.
          setLeaving(true);
          toast.message(result.message, { id: `channel-${request.platform}` });
          window.location.assign(result.url);
          return { ok: true };
        case "elsewhere":
          navigate(result.path);
          return { ok: true };
        case "needs_input":
          return { ok: false, message: result.message, fields: result.fields };
      }
    } catch (error) {
      return refusal(error);
    } finally {
      setBusy(null);
    }
  }

  return {
    channels,
    openForm,
    toggleForm: (platform: PostPlatform) => setOpenForm((open) => (open === platform ? null : platform)),
    closeForm: () => setOpenForm(null),
    /** An expired account's Reconnect: its network's form, opened and brought into view. */
    reconnect(platform: PostPlatform) {
      setOpenForm(platform);
      requestAnimationFrame(() =>
        document
          .getElementById(`network-card-${platform}`)
          ?.scrollIntoView({ behavior: "smooth", block: "center" }),
      );
    },
    busy,
    leaving,
    /** The form's live connection (handle and app password, or the instance). */
    connectLive: (request: Omit<ConnectChannelRequest, "mode">) => send({ ...request, mode: "live" }),
    /** The sandbox's offline account for the network: nothing to fill in, refusals are toasted. */
    async connectSandbox(platform: PostPlatform) {
      const outcome = await send({ platform, mode: "sandbox" });
      if (!outcome.ok) toast.error(outcome.message);
    },
    disconnecting: disconnect.isPending,
    async disconnect(platform: PostPlatform): Promise<boolean> {
      try {
        await disconnect.mutateAsync(platform);
        toast.success(`Disconnected ${platformLabels[platform]}`);
        return true;
      } catch (error) {
        toast.error(
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : `Failed to disconnect ${platformLabels[platform]}. Please try again.`,
        );
        return false;
      }
    },
  };
}

export type ChannelsTabState = ReturnType<typeof useChannelsTab>;
