import { ArrowLeftIcon, PlugZapIcon } from "lucide-react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { Logo } from "@/components/logo";
import { Button } from "@/components/ui/button";

function CallbackScreen({ title, description }: { title: string; description: string }) {
  return (
    <div className="min-h-svh bg-background">
      <header className="mx-auto flex h-14 max-w-3xl items-center px-3 md:px-6">
        <Logo className="text-sm" />
      </header>
      <main id="main" className="mx-auto max-w-xl px-4 py-10">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
        <EmptyState
          icon={PlugZapIcon}
          title="Nothing to finish here yet"
          description={description}
          testId="facebook-callback-empty"
          action={
            <Button asChild variant="outline">
              <Link to="/settings">
                <ArrowLeftIcon aria-hidden="true" />
                Back to Settings
              </Link>
            </Button>
          }
        />
      </main>
    </div>
  );
}

export function FacebookCallbackPage() {
  return (
    <CallbackScreen
      title="Connect Facebook Page"
      description="After you authorise the app on Facebook, your pages will appear here to choose the one to publish to."
    />
  );
}

export function FacebookMarketingCallbackPage() {
  return (
    <CallbackScreen
      title="Connect Ad Account"
      description="After you authorise the app on Facebook, your ad accounts will appear here to choose the one for campaigns."
    />
  );
}
