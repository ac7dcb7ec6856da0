import { UsersIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function CommunityTemplatesPage() {
  return (
    <>
      <PageIntro description="Templates shared by other creators, to copy and make your own." />
      <EmptyState
        icon={UsersIcon}
        title="No community templates yet"
        description="Templates that people share publicly will appear here, along with your favourites."
        testId="community-templates-empty"
      />
    </>
  );
}
