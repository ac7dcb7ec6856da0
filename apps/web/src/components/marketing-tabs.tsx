import { ChartColumnIcon, MegaphoneIcon, SettingsIcon } from "lucide-react";
import { NavLink } from "react-router";

import { cn } from "@/lib/utils";

const TABS = [
  { to: "/analytics", label: "Marketing Analytics", hint: "Performance & Insights", icon: ChartColumnIcon },
  { to: "/campaigns", label: "Campaigns", hint: "Facebook Ads Management", icon: MegaphoneIcon },
  { to: "/settings", label: "Settings", hint: "Brand & Configuration", icon: SettingsIcon },
];

/** The tab bar shared by /analytics, /campaigns and /settings (connections.md §2). */
export function MarketingTabs({ className }: { className?: string }) {
  return (
    <nav
      aria-label="Marketing sections"
      className={cn("scrollbar-none -mx-1 overflow-x-auto px-1 pb-1", className)}
    >
      <ul className="flex min-w-max gap-2">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              data-testid={`tab-${tab.to.slice(1)}`}
              className={({ isActive }) =>
                cn(
                  "flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  isActive ? "border-primary/50 bg-primary/10" : "bg-card",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <tab.icon
                    className={cn("size-4 shrink-0", isActive ? "text-primary" : "text-muted-foreground")}
                    aria-hidden="true"
                  />
                  <span className="flex flex-col">
                    <span className="text-sm font-medium leading-tight">{tab.label}</span>
                    <span className="text-xs text-muted-foreground">{tab.hint}</span>
                  </span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
