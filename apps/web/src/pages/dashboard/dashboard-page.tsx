import { LayoutDashboardIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function DashboardPage() {
  return (
    <>
      <PageIntro description="Your posts at a glance: what waits for approval, what is scheduled and what went out." />
      <EmptyState
        icon={LayoutDashboardIcon}
        title="No posts yet"
        description="Your post totals, pending approvals and recent activity will appear here once you create your first post."
        testId="dashboard-empty"
      />
    </>
  );
}
