import { Loader2Icon } from "lucide-react";

import { PageIntro } from "@/components/page-intro";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useConnections, useDisconnect, useStartConnection } from "@/lib/connections";

const AFTER_CONNECTING = [
  "Approved posts are published to your page at their scheduled time.",
  "Instagram posts go to the Instagram business account linked to the page.",
  "You can connect an ad account for campaigns once the page is connected.",
];

function ConnectionCard() {
  const connections = useConnections();
  const start = useStartConnection();
  const disconnect = useDisconnect();
  if (connections.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden="true" /> Loading your connection…
      </p>
    );
  }
  if (connections.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{connections.error.message}</AlertDescription>
      </Alert>
    );
  }
  const { page, adAccount, available } = connections.data;
  const error = start.error ?? disconnect.error;
  return (
    <Card data-testid="facebook-connection">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {page ? `Connected to ${page.name ?? "your page"}` : "No page connected"}
          {(page?.network ?? available) === "sandbox" ? <Badge variant="secondary">Sandbox</Badge> : null}
          {page?.status === "expired" ? <Badge variant="destructive">Expired: reconnect</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {page?.instagramAccountId ? <p className="text-sm">Instagram business account linked.</p> : null}
        {adAccount ? (
          <p className="text-sm">
            Ad account: {adAccount.name} {adAccount.currency ? `(${adAccount.currency})` : ""}
          </p>
        ) : null}
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => start.mutate("page")} disabled={start.isPending}>
            {page ? "Reconnect Facebook page" : "Connect Facebook page"}
          </Button>
          {page ? (
            <Button variant="outline" onClick={() => start.mutate("ads")} disabled={start.isPending}>
              {adAccount ? "Change ad account" : "Connect ad account"}
            </Button>
          ) : null}
          {page ? (
            <Button variant="ghost" onClick={() => disconnect.mutate("page")} disabled={disconnect.isPending}>
              Disconnect
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

export function FacebookConnectPage() {
  return (
    <>
      <PageIntro description="Connect the Facebook page your posts are published to." />
      <div className="max-w-2xl space-y-6">
        <ConnectionCard />
        <section aria-labelledby="after-connecting">
          <h2 id="after-connecting" className="mb-2 font-semibold">
            What happens after connecting
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {AFTER_CONNECTING.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <Alert>
          <AlertDescription>
            The app is under Meta's review for automated posting, so automatic posting may be limited for now;
            manual approval still works.
          </AlertDescription>
        </Alert>
      </div>
    </>
  );
}
