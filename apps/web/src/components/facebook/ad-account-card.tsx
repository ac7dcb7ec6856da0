import { AD_ACCOUNT_CONNECTION_EXPIRED, CONNECT_PAGE_FIRST } from "@smm/domain/web";
import { MegaphoneIcon } from "lucide-react";

import { ConnectionCard, type ConnectionCardProps } from "./connection-card";

/** The ad account for campaigns: only after a page (connections.md section 5), through the marketing popup. */
export function AdAccountCard({ view, connection, disconnect }: ConnectionCardProps) {
  const { page, adAccount } = view;
  const expired = adAccount?.status === "expired";
  return (
    <ConnectionCard
      testId="facebook-ad-account"
      flow="ads"
      title={
        <>
          <MegaphoneIcon className="size-4" aria-hidden="true" />
          {adAccount ? `Ad account: ${adAccount.name ?? adAccount.accountId}` : "No ad account connected"}
        </>
      }
      description="Campaigns run on a Facebook ad account. Using it needs admin access to its Business Manager."
      sandbox={adAccount?.network === "sandbox"}
      expired={expired}
      expiredNotice={AD_ACCOUNT_CONNECTION_EXPIRED}
      expiredTestId="facebook-ad-account-expired"
      connected={adAccount !== null}
      connectLabel={expired ? "Reconnect ad account" : adAccount ? "Change ad account" : "Connect ad account"}
      canConnect={page !== null}
      showFlowStatus={page !== null}
      connectTestId="facebook-connect-ad-account"
      disconnectCopy={{
        title: "Disconnect the ad account?",
        description:
          "Campaigns can no longer be created or changed until an ad account is connected again. The page stays connected.",
        confirmLabel: "Disconnect ad account",
        done: "Ad account disconnected",
        failed: "Failed to disconnect ad account",
        testId: "facebook-ad-account-disconnect",
      }}
      connection={connection}
      disconnect={disconnect}
    >
      {!page ? (
        <p className="text-sm text-muted-foreground" data-testid="facebook-ad-account-needs-page">
          {CONNECT_PAGE_FIRST}
        </p>
      ) : null}
      {adAccount ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Account ID</dt>
            <dd className="font-medium">{adAccount.accountId}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Currency</dt>
            <dd className="font-medium">{adAccount.currency ?? "USD"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="font-medium">{adAccount.statusText}</dd>
          </div>
        </dl>
      ) : null}
    </ConnectionCard>
  );
}
