import { HouseIcon, MenuIcon } from "lucide-react";
import { Link } from "react-router";

import { BrandSwitcher } from "@/components/app-shell/brand-switcher";
import { UserMenu } from "@/components/app-shell/user-menu";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";

export function AppHeader({ title, onOpenNav }: { title: string; onOpenNav: () => void }) {
  return (
    // A container: what the header shows follows its own width, which the open assistant narrows.
    <header className="@container sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-6">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="-ml-1 md:hidden"
        onClick={onOpenNav}
        aria-label="Open navigation"
        data-testid="open-nav"
      >
        <MenuIcon aria-hidden="true" />
      </Button>
      {/* Wraps rather than truncating: a phone's header left "Content Generation" about 100 px. */}
      <h1
        className="min-w-0 text-sm leading-tight font-semibold tracking-tight text-balance md:text-base"
        data-testid="view-title"
      >
        {title}
      </h1>
      <div className="ml-auto flex items-center gap-1">
        <BrandSwitcher />
        <Button asChild variant="ghost" className="px-2.5 md:px-3" data-testid="welcome-hub">
          <Link to="/welcome" aria-label="Welcome Hub">
            <HouseIcon aria-hidden="true" />
            <span className="hidden sm:inline">Welcome Hub</span>
          </Link>
        </Button>
        <NotificationBell />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
