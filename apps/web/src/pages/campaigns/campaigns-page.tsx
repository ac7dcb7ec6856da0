import { MegaphoneIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";

export function CampaignsPage() {
  return (
    <>
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Campaigns</h1>
        <p className="text-sm text-muted-foreground">Facebook and Instagram ad campaigns for your brand.</p>
      </div>
      <EmptyState
        icon={MegaphoneIcon}
        title="No campaigns yet"
        description="Your ad campaigns, their spend, impressions and clicks will appear here once an ad account is connected."
        testId="campaigns-empty"
      />
    </>
  );
}
