import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { UserMenu } from "@/components/app-shell/user-menu";
import { Assistant } from "@/components/assistant/assistant";
import { Logo } from "@/components/logo";
import { MarketingTabs } from "@/components/marketing-tabs";
import { RoutedPage } from "@/components/routed-page";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * /analytics and /campaigns live outside the app shell (spec): a slim header, a way back, and the tab bar.
 * The floating assistant is here too: the spec hides it only on /welcome and when signed out, and "how did
 * my posts do?" or "pause campaign X" belong on these very pages.
 */
export function MarketingLayout() {
  const [assistantOpen, setAssistantOpen] = useState(false);
  return (
    <div
      className={cn("min-h-svh bg-background", assistantOpen && "md:pr-[max(25vw,320px)]")}
      data-testid="marketing-layout"
    >
      <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="@container mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 md:px-8">
          <Button asChild variant="ghost" className="-ml-2 px-2.5" data-testid="back-to-dashboard">
            <Link to="/dashboard">
              <ArrowLeftIcon aria-hidden="true" />
              <span className="hidden sm:inline">Back to Dashboard</span>
              <span className="sm:hidden">Back</span>
            </Link>
          </Button>
          <span className="ml-1 flex max-sm:hidden">
            <Logo compact />
          </span>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      {/* The bottom padding lets the end of the page scroll clear of the round assistant button. */}
      <main id="main" className="mx-auto w-full max-w-6xl px-4 pt-6 pb-24 md:px-8 md:pt-8">
        <MarketingTabs className="mb-6" />
        <RoutedPage />
      </main>
      <Assistant open={assistantOpen} onOpenChange={setAssistantOpen} />
    </div>
  );
}
