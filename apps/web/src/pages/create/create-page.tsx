import { SquarePenIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function CreatePage() {
  return (
    <>
      <PageIntro description="Generate posts with AI or write captions for your own images." />
      <EmptyState
        icon={SquarePenIcon}
        title="Content generation is on its way"
        description="The AI Post Generator and AI Image Captions will appear here, ready to turn a short prompt into a caption and an image."
        testId="create-empty"
      />
    </>
  );
}
