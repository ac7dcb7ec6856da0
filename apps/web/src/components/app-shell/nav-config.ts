import {
  BotIcon,
  CalendarDaysIcon,
  ChartColumnIcon,
  FileTextIcon,
  ImagesIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MegaphoneIcon,
  SettingsIcon,
  SquarePenIcon,
  UsersIcon,
} from "lucide-react";

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  testId: string;
  /** A count drawn beside the label (the inbox's unread comments). */
  badge?: "inbox-unread";
};
export type NavGroup = { id: string; label: string; items: NavItem[] };

/** The spec's nine sidebar sections, in the spec's order, grouped the way the shadcn sidebar block groups. */
export const NAV_GROUPS: NavGroup[] = [
  {
    id: "content",
    label: "Content",
    items: [
      { label: "Dashboard", to: "/dashboard", icon: LayoutDashboardIcon, testId: "nav-dashboard" },
      { label: "Inbox", to: "/inbox", icon: InboxIcon, testId: "nav-inbox", badge: "inbox-unread" },
      { label: "Content Creation", to: "/create", icon: SquarePenIcon, testId: "nav-create" },
      { label: "My Templates", to: "/templates", icon: FileTextIcon, testId: "nav-templates" },
      { label: "Media Library", to: "/media", icon: ImagesIcon, testId: "nav-media" },
      {
        label: "Community Templates",
        to: "/community-templates",
        icon: UsersIcon,
        testId: "nav-community-templates",
      },
      { label: "Content Calendar", to: "/calendar", icon: CalendarDaysIcon, testId: "nav-calendar" },
    ],
  },
  {
    id: "growth",
    label: "Growth",
    items: [
      { label: "Campaigns", to: "/campaigns", icon: MegaphoneIcon, testId: "nav-campaigns" },
      { label: "Analytics", to: "/analytics", icon: ChartColumnIcon, testId: "nav-analytics" },
      { label: "AI Agent", to: "/ai-agent", icon: BotIcon, testId: "nav-ai-agent" },
    ],
  },
  {
    id: "workspace",
    label: "Workspace",
    items: [{ label: "Settings", to: "/settings", icon: SettingsIcon, testId: "nav-settings" }],
  },
];

/** Header titles by view (spec core.md §2); unknown views fall back to the dashboard's. */
const VIEW_TITLES: Record<string, string> = {
  "/dashboard": "Dashboard",
  "/dashboard/swipe": "Review Posts",
  "/inbox": "Inbox",
  "/create": "Content Generation",
  "/templates": "Templates",
  "/media": "Media Library",
  "/community-templates": "Community Templates",
  "/calendar": "Content Calendar",
  "/settings": "Settings",
  "/profile": "Profile",
  "/subscription": "Subscription",
  "/ai-agent": "AI Agent",
  "/facebook-connect": "Facebook Connect",
};

export function getViewTitle(pathname: string): string {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return VIEW_TITLES[normalized] ?? "Dashboard";
}

/** Every screen the command palette can jump to: the spec's 12 navigation targets (the assistant's too), the Media Library and the Inbox. */
export const NAVIGATION_TARGETS: { label: string; to: string }[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Inbox", to: "/inbox" },
  { label: "Content Creation", to: "/create" },
  { label: "My Templates", to: "/templates" },
  { label: "Media Library", to: "/media" },
  { label: "Community Templates", to: "/community-templates" },
  { label: "Content Calendar", to: "/calendar" },
  { label: "Campaigns", to: "/campaigns" },
  { label: "Analytics", to: "/analytics" },
  { label: "AI Agent", to: "/ai-agent" },
  { label: "Settings", to: "/settings" },
  { label: "Profile Settings", to: "/profile" },
  { label: "Subscription", to: "/subscription" },
  { label: "Welcome Hub", to: "/welcome" },
];
