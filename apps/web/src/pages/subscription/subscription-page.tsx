import { CreditCardIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function SubscriptionPage() {
  return (
    <>
      <PageIntro description="Your plan, billing period and upgrades." />
      <EmptyState
        icon={CreditCardIcon}
        title="Plans and billing are on their way"
        description="Your current plan, the Free, Pro and Enterprise options and checkout will appear here."
        testId="subscription-empty"
      />
    </>
  );
}
