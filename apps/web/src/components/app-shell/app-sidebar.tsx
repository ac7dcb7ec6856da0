import { ChevronDownIcon, SearchIcon } from "lucide-react";
import { Collapsible } from "radix-ui";
import { NavLink } from "react-router";

import { NAV_GROUPS } from "@/components/app-shell/nav-config";
import { InboxUnreadBadge } from "@/components/inbox/inbox-unread-badge";
import { Logo } from "@/components/logo";
import { openCommandPalette } from "@/lib/command-palette";
import { cn } from "@/lib/utils";

/** Sidebar content shared by the fixed desktop sidebar and the mobile drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center px-4">
        <NavLink
          to="/welcome"
          onClick={onNavigate}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50"
          aria-label="Social Media Manager, go to the Welcome Hub"
        >
          <Logo className="text-sm" />
        </NavLink>
      </div>

      <div className="px-3 pb-2">
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            openCommandPalette();
          }}
          className="flex h-10 w-full items-center gap-2 rounded-md border border-sidebar-border bg-background/40 px-3 text-sm text-muted-foreground transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50"
          data-testid="open-command-palette"
        >
          <SearchIcon className="size-4" aria-hidden="true" />
          <span className="flex-1 text-left">Jump to…</span>
          <kbd className="hidden rounded border border-sidebar-border px-1.5 font-mono text-[10px] md:inline">
            Ctrl K
          </kbd>
        </button>
      </div>

      <nav aria-label="Main" className="flex-1 space-y-1 overflow-y-auto px-3 py-2">
        {NAV_GROUPS.map((group) => (
          <Collapsible.Root key={group.id} defaultOpen className="group/collapsible">
            <Collapsible.Trigger className="flex h-8 w-full items-center rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors outline-none hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50">
              {group.label}
              <ChevronDownIcon
                className="ml-auto size-3.5 transition-transform group-data-[state=closed]/collapsible:-rotate-90"
                aria-hidden="true"
              />
            </Collapsible.Trigger>
            <Collapsible.Content className="pb-2">
              <ul className="space-y-0.5">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      onClick={onNavigate}
                      data-testid={item.testId}
                      className={({ isActive }) =>
                        cn(
                          "flex h-10 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50",
                          isActive && "bg-sidebar-accent text-sidebar-accent-foreground",
                        )
                      }
                    >
                      {({ isActive }) => (
                        <>
                          <item.icon
                            className={cn(
                              "size-4 shrink-0",
                              isActive ? "text-sidebar-primary" : "text-muted-foreground",
                            )}
                            aria-hidden="true"
                          />
                          <span className="truncate">{item.label}</span>
                          {item.badge === "inbox-unread" && <InboxUnreadBadge />}
                        </>
                      )}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </Collapsible.Content>
          </Collapsible.Root>
        ))}
      </nav>
    </div>
  );
}
