import { AD_ACCOUNT_CONNECTION_EXPIRED, CONNECT_PAGE_FIRST } from "@smm/domain/connections/messages";
import type { ConnectionsView } from "@smm/domain/connections/schemas";
import { CircleAlertIcon, MegaphoneIcon } from "lucide-react";
import { toast } from "sonner";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { useDisconnect } from "@/lib/connections";

import { DisconnectDialog } from "./disconnect-dialog";
import { FlowStatus } from "./flow-status";
import type { FacebookConnectionFlow } from "./use-facebook-connection";

/** The ad account for campaigns: only after a page (connections.md section 5), through the marketing popup. */
export function AdAccountCard({
  view,
  connection,
  disconnect,
}: {
  view: ConnectionsView;
  connection: FacebookConnectionFlow;
  disconnect: ReturnType<typeof useDisconnect>;
}) {
  const { page, adAccount } = view;
  const expired = adAccount?.status === "expired";

  async function disconnectAdAccount(): Promise<boolean> {
    try {
      await disconnect.mutateAsync("ads");
      toast.success("Ad account disconnected");
      return true;
    } catch {
      toast.error("Failed to disconnect ad account");
      return false;
    }
  }

  return (
    <Card data-testid="facebook-ad-account">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <MegaphoneIcon className="size-4" aria-hidden="true" />
          {adAccount ? `Ad account: ${adAccount.name ?? adAccount.accountId}` : "No ad account connected"}
          {adAccount?.network === "sandbox" ? <Badge variant="secondary">Sandbox</Badge> : null}
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </CardTitle>
        <CardDescription>
          Campaigns run on a Facebook ad account. Using it needs admin access to its Business Manager.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
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
        {expired ? (
          <Alert variant="destructive" data-testid="facebook-ad-account-expired">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>{AD_ACCOUNT_CONNECTION_EXPIRED}</AlertDescription>
          </Alert>
        ) : null}
        {page ? <FlowStatus connection={connection} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant={adAccount && !expired ? "outline" : "default"}
            onClick={connection.connect}
            disabled={!page || connection.busy}
            data-testid="facebook-connect-ad-account"
          >
            {expired ? "Reconnect ad account" : adAccount ? "Change ad account" : "Connect ad account"}
          </Button>
          {adAccount ? (
            <DisconnectDialog
              title="Disconnect the ad account?"
              description="Campaigns can no longer be created or changed until an ad account is connected again. The page stays connected."
              confirmLabel="Disconnect ad account"
              pending={disconnect.isPending}
              onConfirm={disconnectAdAccount}
              testId="facebook-ad-account-disconnect"
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
