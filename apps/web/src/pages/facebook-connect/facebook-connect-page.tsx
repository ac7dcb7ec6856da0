import { PlugZapIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function FacebookConnectPage() {
  return (
    <>
      <PageIntro description="Connect the Facebook page your posts are published to." />
      <EmptyState
        icon={PlugZapIcon}
        title="Facebook connection is on its way"
        description="The steps to connect your Facebook page, and what happens after connecting, will appear here."
        testId="facebook-connect-empty"
      />
    </>
  );
}
