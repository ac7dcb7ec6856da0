import { useEffect, useState } from "react";
import { useLocation } from "react-router";

import { AppHeader } from "@/components/app-shell/app-header";
import { SidebarNav } from "@/components/app-shell/app-sidebar";
import { getViewTitle } from "@/components/app-shell/nav-config";
import { Assistant } from "@/components/assistant/assistant";
import { RoutedPage } from "@/components/routed-page";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";

export function AppShell() {
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const title = getViewTitle(location.pathname);

  // Any navigation (link, back button, palette) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not a value read.
  useEffect(() => {
    setNavOpen(false);
  }, [location.pathname]);

  return (
    <div className="min-h-svh bg-background md:pl-64">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside
        className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:block"
        data-testid="sidebar"
      >
        <SidebarNav />
      </aside>

      <Sheet open={navOpen} onOpenChange={setNavOpen}>
        <SheetContent
          side="left"
          className="w-72 max-w-[85vw] gap-0 border-sidebar-border bg-sidebar p-0 text-sidebar-foreground"
          data-testid="nav-drawer"
        >
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Go to a section of the app</SheetDescription>
          <SidebarNav onNavigate={() => setNavOpen(false)} />
        </SheetContent>
      </Sheet>

      {/* On wide screens the open assistant pushes the page body by its width. */}
      <div className={cn("flex min-h-svh min-w-0 flex-col", assistantOpen && "md:pr-[max(25vw,320px)]")}>
        <AppHeader title={title} onOpenNav={() => setNavOpen(true)} />
        {/* The bottom padding lets the end of every page scroll clear of the round assistant button. */}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 md:px-8 md:pt-8">
          <RoutedPage />
        </main>
      </div>
      <Assistant open={assistantOpen} onOpenChange={setAssistantOpen} />
    </div>
  );
}
