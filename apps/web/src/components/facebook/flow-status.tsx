import { Loader2Icon } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

import { adAccountChoices, ChoiceList, pageChoices } from "./choice-list";
import type { FacebookConnectionFlow } from "./use-facebook-connection";

/**
 * The part of a connection card that follows the popup flow: waiting for the popup (with a way to stop
 * waiting), the picker once it answered, and the flow's error.
 */
export function FlowStatus({ connection }: { connection: FacebookConnectionFlow }) {
  const { snapshot } = connection;
  const { context } = snapshot;
  const ads = context.flow === "ads";
  const connecting = snapshot.matches("connecting");
  if (snapshot.matches("opening") || connection.waiting) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-3" role="status">
        <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />
        <span className="flex-1 text-sm text-muted-foreground">
          Finish connecting in the Facebook window that opened.
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={connection.stopWaiting}>
          Cancel
        </Button>
      </div>
    );
  }
  if (connection.choosing) {
    return (
      <div className="space-y-3 rounded-lg border p-3" data-testid={`facebook-${context.flow}-picker`}>
        {context.notice ? (
          <p className="text-sm" role="status">
            {context.notice}
          </p>
        ) : null}
        <ChoiceList
          label={ads ? "Ad accounts" : "Facebook pages"}
          selected={context.selected}
          onSelect={connection.select}
          disabled={connecting}
          choices={ads ? adAccountChoices(context.adAccounts) : pageChoices(context.pages)}
        />
        {context.pickError ? (
          <p className="text-sm text-destructive" role="alert">
            {context.pickError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={connection.confirm} disabled={connecting}>
            {connecting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {ads ? "Connect Selected Ad Account" : "Connect Selected Page"}
          </Button>
          <Button type="button" variant="outline" onClick={connection.cancel} disabled={connecting}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  if (snapshot.matches("error") && context.error) {
    return (
      <Alert variant="destructive" data-testid={`facebook-${context.flow}-error`}>
        <AlertDescription>{context.error}</AlertDescription>
      </Alert>
    );
  }
  return null;
}
