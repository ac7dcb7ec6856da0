import { Loader2Icon } from "lucide-react";

import { Logo } from "@/components/logo";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

import { type CallbackFlow, useFacebookCallback } from "./use-facebook-callback";

interface Choice {
  id: string;
  title: string;
  lines: string[];
  pictureUrl: string | null;
  canManagePosts?: boolean;
}

function ChoiceList({
  choices,
  selected,
  onSelect,
  label,
}: {
  choices: Choice[];
  selected: string | null;
  onSelect: (id: string) => void;
  label: string;
}) {
  return (
    <RadioGroup value={selected ?? ""} onValueChange={onSelect} aria-label={label} className="gap-2">
      {choices.map((choice) => (
        <Label
          key={choice.id}
          htmlFor={`choice-${choice.id}`}
          className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary"
        >
          <RadioGroupItem id={`choice-${choice.id}`} value={choice.id} />
          {choice.pictureUrl ? (
            <img src={choice.pictureUrl} alt="" className="size-10 rounded-full object-cover" />
          ) : null}
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{choice.title}</span>
            {choice.lines.map((line) => (
              <span key={line} className="block truncate text-sm text-muted-foreground">
                {line}
              </span>
            ))}
          </span>
          {choice.canManagePosts ? <Badge variant="secondary">Can manage posts</Badge> : null}
        </Label>
      ))}
    </RadioGroup>
  );
}

function CallbackScreen({ flow }: { flow: CallbackFlow }) {
  const callback = useFacebookCallback(flow);
  const { state } = callback;
  const title = flow === "ads" ? "Connect Ad Account" : "Connect Facebook Page";
  return (
    <div className="min-h-svh bg-background">
      <header className="mx-auto flex h-14 max-w-3xl items-center px-3 md:px-6">
        <Logo className="text-sm" />
      </header>
      <main id="main" className="mx-auto max-w-xl px-4 py-10" data-testid="facebook-callback">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
        {state.phase === "processing" ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Connecting to Facebook…
          </p>
        ) : null}
        {state.phase === "error" ? (
          <Alert variant="destructive" data-testid="facebook-callback-error">
            <AlertTitle>Facebook connection failed</AlertTitle>
            <AlertDescription>{state.message} Returning to Settings in a few seconds.</AlertDescription>
          </Alert>
        ) : null}
        {state.phase === "success" ? (
          <div className="space-y-4">
            <p role="status">
              {state.result.message}
              {state.result.network === "sandbox" ? <Badge className="ml-2">Sandbox</Badge> : null}
            </p>
            <ChoiceList
              label={flow === "ads" ? "Ad accounts" : "Facebook pages"}
              selected={callback.selected}
              onSelect={callback.select}
              choices={
                flow === "ads"
                  ? state.result.adAccounts.map((account) => ({
                      id: account.id,
                      title: account.name,
                      pictureUrl: null,
                      lines: [
                        `${account.accountId} · ${account.currency} · ${account.statusText}`,
                        ...(account.businessName ? [account.businessName] : []),
                        `Balance ${account.balance ?? "0"} · Spent ${account.amountSpent ?? "0"}`,
                      ],
                    }))
                  : state.result.pages.map((page) => ({
                      id: page.id,
                      title: page.name,
                      pictureUrl: page.pictureUrl,
                      lines: page.category ? [page.category] : [],
                      canManagePosts: page.canManagePosts,
                    }))
              }
            />
            {callback.pickError ? (
              <p className="text-sm text-destructive" role="alert">
                {callback.pickError}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={callback.confirm} disabled={callback.connecting}>
                {callback.connecting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                {flow === "ads" ? "Connect Selected Ad Account" : "Connect Selected Page"}
              </Button>
              <Button variant="outline" onClick={callback.skip}>
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
