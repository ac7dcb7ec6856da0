import { ImagesIcon, SparklesIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";

/**
 * AI Image Captions arrives in a later release. Until then the tab says what it will do, and points to
 * what works today: the generator also accepts your own image.
 */
export function ImageCaptionsTab({ onOpenGenerator }: { onOpenGenerator: () => void }) {
  return (
    <EmptyState
      icon={ImagesIcon}
      title="AI Image Captions are coming in a later release"
      description="You will upload up to 10 images at once and get a caption for each, written in your brand's voice for Facebook or Instagram, then review them like any other post. Until then, the AI Post Generator can write a post around one image of your own."
      testId="image-captions-empty"
      action={
        <Button variant="outline" onClick={onOpenGenerator} data-testid="image-captions-open-generator">
          <SparklesIcon aria-hidden="true" />
          Use the AI Post Generator
        </Button>
      }
    />
  );
}
