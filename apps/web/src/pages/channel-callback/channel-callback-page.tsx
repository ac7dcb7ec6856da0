import { ArrowLeftIcon, CircleCheckIcon, Loader2Icon } from "lucide-react";
import { Link } from "react-router";

import { Logo } from "@/components/logo";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

import { useChannelCallback } from "./use-channel-callback";

const SETTINGS_CHANNELS = "/settings?tab=channels";

/**
 * Where a network's consent page (Mastodon's) sends the user back: the code is exchanged once, with the
 * progress in words, then the outcome and the way back to Settings > Channels.
 */
export function ChannelCallbackPage() {
  const view = useChannelCallback();
  return (
    <div className="min-h-svh bg-background">
      <header className="mx-auto flex h-14 max-w-3xl items-center px-3 md:px-6">
        <Logo className="text-sm" />
      </header>
      <main
        id="main"
        className="mx-auto max-w-xl space-y-6 px-4 py-10"
        data-testid="channel-callback"
        data-phase={view.phase}
      >
        <h1 className="text-2xl font-semibold tracking-tight">Connect {view.label}</h1>
        {view.phase === "working" ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Connecting your {view.label} account…
          </p>
        ) : null}
        {view.phase === "connected" ? (
          <Alert variant="success" data-testid="channel-callback-success">
            <CircleCheckIcon aria-hidden="true" />
            <AlertTitle>Connected</AlertTitle>
            <AlertDescription>
              <p>{view.message}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        {view.phase === "failed" ? (
          <Alert variant="destructive" data-testid="channel-callback-error">
            <AlertTitle>{view.label} connection failed</AlertTitle>
            <AlertDescription>
              <p>{view.message}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        {view.phase !== "working" ? (
          <Button asChild variant={view.phase === "connected" ? "default" : "outline"}>
            <Link to={SETTINGS_CHANNELS} data-testid="channel-callback-back">
              <ArrowLeftIcon aria-hidden="true" />
              Back to Settings &gt; Channels
            </Link>
          </Button>
        ) : null}
      </main>
    </div>
  );
}
