import { FileTextIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function TemplatesPage() {
  return (
    <>
      <PageIntro heading="Content Templates" description="Reusable prompts for posts and images." />
      <EmptyState
        icon={FileTextIcon}
        title="No templates yet"
        description="The prompt templates you create will appear here, ready to reuse for your next post."
        testId="templates-empty"
      />
    </>
  );
}
