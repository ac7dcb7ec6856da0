import { CONNECTION_EXPIRED } from "@smm/domain/connections/messages";
import type { ConnectionsView } from "@smm/domain/connections/schemas";
import { CircleAlertIcon } from "lucide-react";
import { toast } from "sonner";

import { FacebookIcon, InstagramIcon } from "@/components/brand-icons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { useDisconnect } from "@/lib/connections";

import { DisconnectDialog } from "./disconnect-dialog";
import { FlowStatus } from "./flow-status";
import type { FacebookConnectionFlow } from "./use-facebook-connection";

function PageAvatar({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  if (pictureUrl)
    return <img src={pictureUrl} alt="" className="size-12 shrink-0 rounded-full object-cover" />;
  return (
    <span
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground"
      aria-hidden="true"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The page's connection: who it is (picture, name, category, linked Instagram account, Sandbox, expired),
 * Connect / Reconnect through the popup, the picker when the account has several pages, Disconnect.
 */
export function PageConnectionCard({
  view,
  connection,
  disconnect,
}: {
  view: ConnectionsView;
  connection: FacebookConnectionFlow;
  disconnect: ReturnType<typeof useDisconnect>;
}) {
  const { page } = view;
  const network = page?.network ?? view.available;
  const expired = page?.status === "expired";

  async function disconnectPage(): Promise<boolean> {
    try {
      await disconnect.mutateAsync("page");
      toast.success("Disconnected from Facebook");
      return true;
    } catch {
      toast.error("Failed to disconnect from Facebook");
      return false;
    }
  }

  return (
    <Card data-testid="facebook-connection">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <FacebookIcon className="size-4" aria-hidden="true" />
          {page ? `Connected to ${page.name ?? "your page"}` : "No page connected"}
          {network === "sandbox" ? <Badge variant="secondary">Sandbox</Badge> : null}
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </CardTitle>
        <CardDescription>
          {page
            ? "Approved posts are published to this page, and Instagram posts to its linked account."
            : network === "sandbox"
              ? "No Meta app is configured on this server: the sandbox stands in for Facebook, and posts sent there stay in the app."
              : "Connect the Facebook page your approved posts are published to."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {page ? (
          <div className="flex items-center gap-3" data-testid="facebook-page">
            <PageAvatar name={page.name ?? "Page"} pictureUrl={page.pictureUrl} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{page.name ?? "Your page"}</p>
              {page.category ? (
                <p className="truncate text-sm text-muted-foreground">{page.category}</p>
              ) : null}
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <InstagramIcon className="size-3.5 shrink-0" aria-hidden="true" />
                {page.instagramAccountId
                  ? "Instagram business account linked."
                  : "No Instagram business account is linked to this page."}
              </p>
            </div>
          </div>
        ) : null}
        {expired ? (
          <Alert variant="destructive" data-testid="facebook-expired">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>{CONNECTION_EXPIRED}</AlertDescription>
          </Alert>
        ) : null}
        <FlowStatus connection={connection} />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            onClick={connection.connect}
            disabled={connection.busy}
            variant={page && !expired ? "outline" : "default"}
            data-testid="facebook-connect-page"
          >
            {page ? "Reconnect Facebook page" : "Connect Facebook page"}
          </Button>
          {page ? (
            <DisconnectDialog
              title="Disconnect Facebook?"
              description="The page, its Instagram account and the ad account are disconnected from this brand. Scheduled posts are not published until you connect a page again."
              confirmLabel="Disconnect Facebook"
              pending={disconnect.isPending}
              onConfirm={disconnectPage}
              testId="facebook-disconnect"
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
