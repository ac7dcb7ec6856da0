import type { ConnectionFlow, ConnectionsView } from "@smm/domain/web";
import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "sonner";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { useDisconnect } from "@/lib/connections";

import { DisconnectDialog } from "./disconnect-dialog";
import { FlowStatus } from "./flow-status";
import type { FacebookConnectionFlow } from "./use-facebook-connection";

/** What the page card and the ad account card are given by the Facebook settings section. */
export interface ConnectionCardProps {
  view: ConnectionsView;
  connection: FacebookConnectionFlow;
  disconnect: ReturnType<typeof useDisconnect>;
}

/** What a card says once its connection is gone (or could not be removed), and its confirmation dialog. */
export interface DisconnectCopy {
  title: string;
  description: string;
  confirmLabel: string;
  done: string;
  failed: string;
  testId: string;
}

/**
 * The frame both connection cards share (the page's and the ad account's): a title with its Sandbox and
 * Expired badges, the card's own details, the expired notice, the popup flow's status, and Connect with
 * Disconnect. Each card says only what differs: its words, its details and when it may connect.
 */
export function ConnectionCard({
  testId,
  flow,
  title,
  description,
  sandbox,
  expired,
  expiredNotice,
  expiredTestId,
  connected,
  connectLabel,
  canConnect = true,
  showFlowStatus = true,
  connectTestId,
  disconnectCopy,
  connection,
  disconnect,
  children,
}: {
  testId: string;
  flow: ConnectionFlow;
  title: ReactNode;
  description: ReactNode;
  sandbox: boolean;
  expired: boolean;
  expiredNotice: string;
  expiredTestId: string;
  connected: boolean;
  connectLabel: string;
  canConnect?: boolean;
  showFlowStatus?: boolean;
  connectTestId: string;
  disconnectCopy: DisconnectCopy;
  connection: FacebookConnectionFlow;
  disconnect: ReturnType<typeof useDisconnect>;
  children?: ReactNode;
}) {
  async function disconnectThis(): Promise<boolean> {
    try {
      await disconnect.mutateAsync(flow);
      toast.success(disconnectCopy.done);
      return true;
    } catch {
      toast.error(disconnectCopy.failed);
      return false;
    }
  }

  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {title}
          {sandbox ? <Badge variant="secondary">Sandbox</Badge> : null}
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        {expired ? (
          <Alert variant="destructive" data-testid={expiredTestId}>
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>{expiredNotice}</AlertDescription>
          </Alert>
        ) : null}
        {showFlowStatus ? <FlowStatus connection={connection} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant={connected && !expired ? "outline" : "default"}
            onClick={connection.connect}
            disabled={!canConnect || connection.busy}
            data-testid={connectTestId}
          >
            {connectLabel}
          </Button>
          {connected ? (
            <DisconnectDialog
              title={disconnectCopy.title}
              description={disconnectCopy.description}
              confirmLabel={disconnectCopy.confirmLabel}
              pending={disconnect.isPending}
              onConfirm={disconnectThis}
              testId={disconnectCopy.testId}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
