import { CircleAlertIcon, RotateCwIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useConnections, useDisconnect } from "@/lib/connections";

import { AdAccountCard } from "./ad-account-card";
import { PageConnectionCard } from "./page-connection-card";
import { useFacebookConnection } from "./use-facebook-connection";

function PanelSkeleton({ cards }: { cards: number }) {
  return (
    <div className="space-y-4" role="status" aria-label="Loading your Facebook connection">
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} className="space-y-3 rounded-xl border p-6">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-full max-w-sm" />
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-9 w-44" />
        </div>
      ))}
    </div>
  );
}

/**
 * The one connect component (Settings > Facebook, /facebook-connect, wizard step 3): the brand's page and,
 * unless `pageOnly`, its ad account, each connected through its popup flow. A single page or ad account
 * is connected at once; several are offered in a picker.
 */
export function FacebookConnectionPanel({ pageOnly = false }: { pageOnly?: boolean }) {
  const connections = useConnections();
  const disconnect = useDisconnect();
  const pageFlow = useFacebookConnection("page", { connectSingleChoice: true });
  const adsFlow = useFacebookConnection("ads", { connectSingleChoice: true });

  if (connections.isPending) return <PanelSkeleton cards={pageOnly ? 1 : 2} />;
  if (connections.isError) {
    return (
      <EmptyState
        icon={CircleAlertIcon}
        title="Could not load your Facebook connection"
        description={connections.error.message}
        testId="facebook-connection-error"
        action={
          <Button
            variant="outline"
            onClick={() => void connections.refetch()}
            disabled={connections.isFetching}
          >
            <RotateCwIcon
              className={connections.isFetching ? "animate-spin" : undefined}
              aria-hidden="true"
            />
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <div className="space-y-4">
      <PageConnectionCard view={connections.data} connection={pageFlow} disconnect={disconnect} />
      {pageOnly ? null : (
        <AdAccountCard view={connections.data} connection={adsFlow} disconnect={disconnect} />
      )}
    </div>
  );
}
