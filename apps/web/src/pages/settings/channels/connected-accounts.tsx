import { isMetaPlatform, platformLabels } from "@smm/domain/web";
import { CircleAlertIcon, CircleCheckIcon, ClockIcon, PlugIcon } from "lucide-react";
import { Link } from "react-router";

import { DisconnectDialog } from "@/components/facebook/disconnect-dialog";
import { NetworkIcon } from "@/components/network-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ChannelView } from "@/lib/channels";
import { cn } from "@/lib/utils";

import type { ChannelsTabState } from "./use-channels-tab";

function AccountAvatar({ channel }: { channel: ChannelView }) {
  return (
    <span className="relative shrink-0" aria-hidden="true">
      {channel.pictureUrl ? (
        <img src={channel.pictureUrl} alt="" className="size-10 rounded-full border object-cover" />
      ) : (
        <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <NetworkIcon platform={channel.platform} className="size-5" />
        </span>
      )}
      {channel.pictureUrl ? (
        <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border bg-background">
          <NetworkIcon platform={channel.platform} className="size-3" />
        </span>
      ) : null}
    </span>
  );
}

/** Connected / Expires in N days / Expired - reconnect, in words and colour. */
function AccountState({ channel }: { channel: ChannelView }) {
  if (channel.state === "expired")
    return (
      <span className="flex items-center gap-1 text-destructive" data-testid="channel-state">
        <CircleAlertIcon className="size-3.5" aria-hidden="true" />
        Expired - reconnect
      </span>
    );
  if (channel.state === "expiring")
    return (
      <span
        className="flex items-center gap-1 text-amber-700 dark:text-amber-300"
        data-testid="channel-state"
      >
        <ClockIcon className="size-3.5" aria-hidden="true" />
        {channel.expiresInDays === 1 ? "Expires in 1 day" : `Expires in ${channel.expiresInDays ?? 0} days`}
      </span>
    );
  return (
    <span className="flex items-center gap-1 text-success" data-testid="channel-state">
      <CircleCheckIcon className="size-3.5" aria-hidden="true" />
      Connected
      {/* A token with an end (LinkedIn's 60 days) says when, long before it turns amber. */}
      {channel.expiresInDays !== null ? (
        <span className="text-muted-foreground" data-testid="channel-expires">
          · expires in {channel.expiresInDays} days
        </span>
      ) : null}
    </span>
  );
}

function AccountRow({ channel, tab }: { channel: ChannelView; tab: ChannelsTabState }) {
  const label = platformLabels[channel.platform];
  const meta = isMetaPlatform(channel.platform);
  const name = channel.name ?? channel.handle ?? `Your ${label} account`;
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
      data-testid={`channel-account-${channel.platform}`}
      data-state={channel.state}
      data-sandbox={channel.sandbox}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <AccountAvatar channel={channel} />
        <div className="min-w-0 flex-1 space-y-0.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
            <span className="truncate">{name}</span>
            <span className="text-xs font-normal text-muted-foreground">{label}</span>
            {channel.sandbox ? (
              <Badge
                variant="secondary"
                title="Offline: nothing is sent to the network; posts stay in the sandbox."
                data-testid="channel-sandbox-badge"
              >
                Sandbox · offline
              </Badge>
            ) : null}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            {channel.handle && channel.handle !== name ? (
              <span className="truncate" data-testid="channel-handle">
                {channel.handle}
              </span>
            ) : null}
            <AccountState channel={channel} />
          </div>
          {channel.pages.length > 0 ? (
            <p className="text-xs text-muted-foreground" data-testid="channel-pages">
              Also administers {channel.pages.map((page) => page.name ?? page.id).join(", ")}; posts go out on
              your own profile.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {channel.state === "expired" ? (
          meta ? (
            <Button asChild variant="outline" size="sm" className="h-10 sm:h-8">
              <Link to="/settings?tab=facebook">Reconnect</Link>
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              className="h-10 sm:h-8"
              onClick={() => tab.reconnect(channel.platform)}
              aria-controls={`network-card-${channel.platform}`}
            >
              Reconnect
            </Button>
          )
        ) : null}
        <DisconnectDialog
          title={`Disconnect ${label}?`}
          description={
            meta
              ? "Facebook and Instagram share your page's connection: both are disconnected from this brand, with the ad account. Scheduled posts are not published until you connect again."
              : `Your ${label} account is disconnected from this brand. Scheduled ${label} posts are not published until you connect an account again.`
          }
          confirmLabel={`Disconnect ${label}`}
          pending={tab.disconnecting}
          onConfirm={() => tab.disconnect(channel.platform)}
          testId={`channel-disconnect-${channel.platform}`}
        />
      </div>
    </li>
  );
}

/** The brand's connected accounts, one row each; an empty state that points at the cards below. */
export function ConnectedAccounts({ channels, tab }: { channels: ChannelView[]; tab: ChannelsTabState }) {
  return (
    <section aria-labelledby="connected-accounts-title" className="rounded-xl border bg-card shadow-xs">
      <div className="border-b px-4 py-3 sm:px-5">
        <h2 id="connected-accounts-title" className="font-semibold">
          Connected accounts
        </h2>
        <p className="text-sm text-muted-foreground">Approved posts are published to these accounts.</p>
      </div>
      {channels.length === 0 ? (
        <div
          className={cn("flex flex-col items-center gap-2 px-6 py-10 text-center")}
          data-testid="channels-empty"
        >
          <span
            className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground"
            aria-hidden="true"
          >
            <PlugIcon className="size-4" />
          </span>
          <p className="text-sm font-medium">No accounts connected yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Connect a network below, or use its sandbox account to try publishing offline.
          </p>
        </div>
      ) : (
        <ul className="divide-y" data-testid="channel-accounts">
          {channels.map((channel) => (
            <AccountRow key={channel.id} channel={channel} tab={tab} />
          ))}
        </ul>
      )}
    </section>
  );
}
