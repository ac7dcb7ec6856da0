import { CircleAlertIcon, RotateCwIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { channelFor } from "@/lib/channels";

import { ConnectedAccounts } from "./connected-accounts";
import { NetworkCard } from "./network-card";
import { useChannelsTab } from "./use-channels-tab";

function ChannelsSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading your channels">
      <div className="space-y-3 rounded-xl border p-5">
        <Skeleton className="h-4 w-40" />
        {[0, 1].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-48" />
          </div>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="space-y-3 rounded-xl border p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-lg" />
              <Skeleton className="h-4 w-28" />
            </div>
            <Skeleton className="h-9 w-40" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Settings > Channels: the brand's connected accounts, then one card per network to connect it. */
export function ChannelsTab({ brandId }: { brandId: string }) {
  const tab = useChannelsTab(brandId);
  const { channels } = tab;
  if (channels.isPending) return <ChannelsSkeleton />;
  if (channels.isError) {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="Could not load your channels"
        description={channels.error.message}
        testId="channels-load-error"
        action={
          <Button variant="outline" onClick={() => void channels.refetch()} disabled={channels.isFetching}>
            <RotateCwIcon className={channels.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }
  const view = channels.data;
  return (
    <div className="space-y-6" data-testid="channels-tab">
      <ConnectedAccounts channels={view.channels} tab={tab} />
      <section aria-labelledby="networks-title" className="space-y-3">
        <div>
          <h2 id="networks-title" className="font-semibold">
            Networks
          </h2>
          <p className="text-sm text-muted-foreground">
            One account per network. Posts are written for each network's own limits.
          </p>
        </div>
        <div className="grid items-start gap-4 md:grid-cols-2">
          {view.networks.map((network) => (
            <NetworkCard
              key={network.platform}
              network={network}
              channel={channelFor(view, network.platform)}
              tab={tab}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
