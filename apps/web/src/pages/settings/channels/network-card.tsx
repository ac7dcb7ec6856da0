import { ArrowRightIcon, FlaskConicalIcon, Loader2Icon, PlugIcon } from "lucide-react";
import { Link } from "react-router";

import { NetworkIcon } from "@/components/network-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ChannelView, NetworkView } from "@/lib/channels";

import { LiveConnectForm } from "./live-connect-form";
import type { ChannelsTabState } from "./use-channels-tab";

/** What the network takes, in one line from its descriptor ("Up to 300 characters · 4 images"). */
function limitsLine(network: NetworkView): string {
  const images = network.media.maxImages;
  const text = `Up to ${network.text.maxLength.toLocaleString()} characters`;
  return images > 0 ? `${text} · ${images === 1 ? "1 image" : `${images} images`}` : text;
}

function StatusBadge({ channel }: { channel: ChannelView | null }) {
  if (!channel)
    return (
      <Badge variant="outline" className="font-normal text-muted-foreground">
        Not connected
      </Badge>
    );
  if (channel.state === "expired") return <Badge variant="destructive">Expired</Badge>;
  return channel.sandbox ? (
    <Badge variant="secondary">Sandbox</Badge>
  ) : (
    <Badge variant="outline" className="border-success/40 bg-success/10 text-success">
      Connected
    </Badge>
  );
}

/** Facebook and Instagram connect through the page connection on the Facebook tab (the spec's flow). */
function MetaActions({ network }: { network: NetworkView }) {
  return (
    <div className="grid gap-2">
      <Button asChild variant="outline" className="w-full sm:w-fit">
        <Link to="/settings?tab=facebook" data-testid={`network-connect-${network.platform}`}>
          Open the Facebook tab
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
      <p className="text-xs text-muted-foreground">
        {network.canConnectLive
          ? `${network.label} connects through your Facebook page.`
          : `${network.label} connects through your Facebook page. No Meta app is set up on this server, so the Facebook tab offers the sandbox page (offline: posts stay in the sandbox).`}
      </p>
    </div>
  );
}

function SandboxOption({
  network,
  channel,
  tab,
}: {
  network: NetworkView;
  channel: ChannelView | null;
  tab: ChannelsTabState;
}) {
  const busy = tab.busy?.platform === network.platform && tab.busy.mode === "sandbox";
  if (channel?.sandbox && channel.state !== "expired")
    return (
      <p className="text-xs text-muted-foreground" data-testid={`network-sandbox-active-${network.platform}`}>
        Using the sandbox account: offline, nothing is sent to {network.label}; posts stay in the sandbox.
      </p>
    );
  return (
    <div className="grid gap-1.5">
      <Button
        variant={network.canConnectLive ? "ghost" : "outline"}
        className="w-full justify-center sm:w-fit"
        onClick={() => void tab.connectSandbox(network.platform)}
        disabled={tab.busy !== null || tab.leaving}
        data-testid={`network-sandbox-${network.platform}`}
      >
        {busy ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <FlaskConicalIcon aria-hidden="true" />
        )}
        {channel && !channel.sandbox ? "Use a sandbox account instead" : "Use a sandbox account"}
      </Button>
      <p className="text-xs text-muted-foreground">
        Offline: nothing is sent to {network.label}; posts stay in the sandbox.
      </p>
    </div>
  );
}

/** What the live Connect button says, from where the brand stands on the network. */
function liveConnectLabel(network: NetworkView, channel: ChannelView | null): string {
  if (!channel) return `Connect ${network.label}`;
  if (channel.state === "expired") return `Reconnect ${network.label}`;
  return channel.sandbox ? `Connect your ${network.label} account` : "Switch account";
}

/**
 * One network: what it takes, where the brand stands on it, and how to connect: the Facebook tab for
 * Meta's networks; otherwise the live form (when this server can connect for real) and the sandbox's
 * offline account, always.
 */
export function NetworkCard({
  network,
  channel,
  tab,
}: {
  network: NetworkView;
  channel: ChannelView | null;
  tab: ChannelsTabState;
}) {
  const formOpen = tab.openForm === network.platform;
  const formId = `connect-form-region-${network.platform}`;
  const liveBusy = tab.busy?.platform === network.platform && tab.busy.mode === "live";
  return (
    <section
      id={`network-card-${network.platform}`}
      aria-labelledby={`network-title-${network.platform}`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
      data-testid={`network-card-${network.platform}`}
      data-status={channel ? (channel.sandbox ? "sandbox" : channel.state) : "not_connected"}
    >
      <div className="flex items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground"
          aria-hidden="true"
        >
          <NetworkIcon platform={network.platform} className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`network-title-${network.platform}`} className="font-semibold">
              {network.label}
            </h3>
            <StatusBadge channel={channel} />
          </div>
          <p className="text-xs text-muted-foreground">{limitsLine(network)}</p>
        </div>
      </div>

      {network.connect.method === "meta_oauth" ? (
        <MetaActions network={network} />
      ) : (
        <div className="grid gap-3">
          {network.canConnectLive ? (
            formOpen ? (
              <div id={formId}>
                <LiveConnectForm
                  network={network}
                  busy={liveBusy || tab.leaving}
                  onConnect={tab.connectLive}
                  onCancel={tab.closeForm}
                />
              </div>
            ) : (
              <Button
                className="w-full sm:w-fit"
                variant={channel && !channel.sandbox && channel.state !== "expired" ? "outline" : "default"}
                onClick={() => tab.toggleForm(network.platform)}
                aria-expanded={formOpen}
                aria-controls={formId}
                disabled={tab.leaving}
                data-testid={`network-connect-${network.platform}`}
              >
                <PlugIcon aria-hidden="true" />
                {liveConnectLabel(network, channel)}
              </Button>
            )
          ) : (
            <p
              className="text-sm text-muted-foreground"
              data-testid={`network-live-unavailable-${network.platform}`}
            >
              Live {network.label} accounts cannot be connected on this server yet (it has no {network.label}{" "}
              app set up), so only the sandbox account is offered.
            </p>
          )}
          <SandboxOption network={network} channel={channel} tab={tab} />
        </div>
      )}
    </section>
  );
}
