import {
  ArrowUpRightIcon,
  ChartColumnIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MegaphoneIcon,
  SettingsIcon,
} from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";

import { UserMenu } from "@/components/app-shell/user-menu";
import { GoogleIcon, MetaIcon, TikTokIcon } from "@/components/brand-icons";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Badge } from "@/components/ui/badge";
import { getNameFromEmail, useSession } from "@/lib/session";
import { cn } from "@/lib/utils";
import { QuickStats } from "@/pages/welcome/quick-stats";
import { WelcomeChat } from "@/pages/welcome/welcome-chat";

/** Spec: morning before 12, afternoon before 17, else evening (local time). */
export function getGreeting(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 17) return "Good afternoon";
  return "Good evening";
}

type Tile = {
  title: string;
  description: string;
  icon: LucideIcon;
  to?: string;
  testId: string;
};

const TILES: Tile[] = [
  {
    title: "Organic",
    description: "Create, approve and schedule posts for your pages.",
    icon: LayoutDashboardIcon,
    to: "/dashboard",
    testId: "tile-organic",
  },
  {
    title: "Analytics",
    description: "Reach, engagement and audience insights.",
    icon: ChartColumnIcon,
    to: "/analytics",
    testId: "tile-analytics",
  },
  {
    title: "Campaigns",
    description: "Plan and run paid campaigns.",
    icon: MegaphoneIcon,
    testId: "tile-campaigns",
  },
  {
    title: "Settings",
    description: "Brand, company profile, Facebook and watermark.",
    icon: SettingsIcon,
    to: "/settings",
    testId: "tile-settings",
  },
];

const PLATFORMS: { name: string; icon: (props: React.SVGProps<SVGSVGElement>) => React.ReactElement }[] = [
  { name: "Meta", icon: MetaIcon },
  { name: "Google", icon: GoogleIcon },
  { name: "TikTok", icon: TikTokIcon },
];

function TileBody({ tile, disabled }: { tile: Tile; disabled?: boolean }) {
  return (
    <>
      <div className="flex items-start justify-between">
        <span
          className={cn(
            "flex size-10 items-center justify-center rounded-lg",
            disabled ? "bg-muted text-muted-foreground" : "bg-primary/10 text-primary",
          )}
        >
          <tile.icon className="size-5" aria-hidden="true" />
        </span>
        {disabled ? (
          <Badge variant="secondary">Coming soon</Badge>
        ) : (
          <ArrowUpRightIcon
            className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            aria-hidden="true"
          />
        )}
      </div>
      <div className="mt-4">
        <h2 className="font-semibold">{tile.title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{tile.description}</p>
      </div>
    </>
  );
}

export function WelcomePage() {
  const session = useSession();
  const email = session.status === "signed-in" ? session.user.email : "";
  const name = getNameFromEmail(email);
  const tileClass =
    "group flex min-h-32 flex-col justify-between rounded-xl border bg-card p-4 text-left shadow-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:min-h-36 sm:p-5";

  return (
    <div className="min-h-svh bg-background">
      <header className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 md:px-6">
        <Link
          to="/dashboard"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Go to the dashboard"
        >
          <Logo className="text-sm" />
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <ThemeToggle />
          <UserMenu />
        </div>
      </header>

      <main id="main" className="mx-auto max-w-5xl px-4 pt-10 pb-16 md:px-6 md:pt-16">
        <div className="text-center">
          <h1
            className="text-3xl font-semibold tracking-tight break-words sm:text-4xl"
            data-testid="welcome-greeting"
          >
            {getGreeting(new Date())}, {name}
          </h1>
          <p className="mt-3 text-muted-foreground">What would you like to work on today?</p>
        </div>

        <WelcomeChat />

        <section aria-label="Workspaces" className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {TILES.map((tile) =>
            tile.to ? (
              <Link
                key={tile.title}
                to={tile.to}
                className={cn(tileClass, "hover:border-primary/40 hover:bg-accent/40")}
                data-testid={tile.testId}
              >
                <TileBody tile={tile} />
              </Link>
            ) : (
              <div
                key={tile.title}
                className={cn(tileClass, "cursor-not-allowed opacity-70")}
                aria-disabled="true"
                data-testid={tile.testId}
              >
                <TileBody tile={tile} disabled />
              </div>
            ),
          )}
        </section>

        <QuickStats />

        <section aria-labelledby="platforms-heading" className="mt-12">
          <h2 id="platforms-heading" className="text-sm font-medium text-muted-foreground">
            Platforms
          </h2>
          <ul className="mt-3 grid grid-cols-3 gap-3">
            {PLATFORMS.map((platform) => (
              <li
                key={platform.name}
                className="flex flex-col items-center gap-2 rounded-xl border bg-card/60 px-3 py-3 sm:flex-row sm:gap-3 sm:px-4"
                data-testid={`platform-${platform.name.toLowerCase()}`}
              >
                <platform.icon className="size-5 shrink-0 text-muted-foreground" />
                <span className="truncate text-sm font-medium">{platform.name}</span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
