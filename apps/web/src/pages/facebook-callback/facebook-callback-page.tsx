import type { ConnectionFlow } from "@smm/domain/web";
import { Loader2Icon } from "lucide-react";

import { adAccountChoices, ChoiceList, pageChoices } from "@/components/facebook/choice-list";
import { Logo } from "@/components/logo";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

import { useFacebookCallback } from "./use-facebook-callback";

function CallbackScreen({ flow }: { flow: ConnectionFlow }) {
  const callback = useFacebookCallback(flow);
  const { snapshot } = callback;
  const { context } = snapshot;
  const title = flow === "ads" ? "Connect Ad Account" : "Connect Facebook Page";
  const choosing = snapshot.matches("choosing") || snapshot.matches("connecting");
  return (
    <div className="min-h-svh bg-background">
      <header className="mx-auto flex h-14 max-w-3xl items-center px-3 md:px-6">
        <Logo className="text-sm" />
      </header>
      <main id="main" className="mx-auto max-w-xl px-4 py-10" data-testid="facebook-callback">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
        {callback.processing || snapshot.matches("handedOver") ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            {snapshot.matches("handedOver") ? "Done. You can close this window." : "Connecting to Facebook…"}
          </p>
        ) : null}
        {snapshot.matches("error") || snapshot.matches("leaving") ? (
          <Alert variant="destructive" data-testid="facebook-callback-error">
            <AlertTitle>Facebook connection failed</AlertTitle>
            <AlertDescription>{context.error} Returning to Settings in a few seconds.</AlertDescription>
          </Alert>
        ) : null}
        {snapshot.matches("connected") ? (
          <p role="status">{context.connectedMessage ?? "Successfully connected to Facebook!"}</p>
        ) : null}
        {choosing ? (
          <div className="space-y-4">
            <p role="status">
              {context.notice}
              {context.network === "sandbox" ? <Badge className="ml-2">Sandbox</Badge> : null}
            </p>
            <ChoiceList
              label={flow === "ads" ? "Ad accounts" : "Facebook pages"}
              selected={context.selected}
              onSelect={callback.select}
              disabled={callback.connecting}
              choices={flow === "ads" ? adAccountChoices(context.adAccounts) : pageChoices(context.pages)}
            />
            {context.pickError ? (
              <p className="text-sm text-destructive" role="alert">
                {context.pickError}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={callback.confirm} disabled={callback.connecting}>
                {callback.connecting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                {flow === "ads" ? "Connect Selected Ad Account" : "Connect Selected Page"}
              </Button>
              <Button variant="outline" onClick={callback.skip} disabled={callback.connecting}>
                Skip
              </Button>
            </div>
          </div>
        ) : null}
      </main>
    </div>
  );
}

export function FacebookCallbackPage() {
  return <CallbackScreen flow="page" />;
}

export function FacebookMarketingCallbackPage() {
  return <CallbackScreen flow="ads" />;
}
