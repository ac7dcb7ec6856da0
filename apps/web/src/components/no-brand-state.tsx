import { SparklesIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { openSetupWizard } from "@/lib/setup-wizard";

/** What the assistant understands (the offline one included): said on every no-brand screen. */
export const CREATE_BRAND_BY_CHAT_EXAMPLE = "My brand is Sunny Scoops";

/**
 * The one "no brand yet" state of every signed-in screen (issue 20): what the screen will show once a brand
 * exists, and the way to create one (the setup wizard, or a sentence to the assistant). Never a skeleton
 * that waits for a brand that is not coming.
 */
export function NoBrandState({
  purpose,
  testId,
  className,
}: {
  /** What the brand is for on this screen, e.g. "Your posts and their stats show here". */
  purpose: string;
  testId: string;
  className?: string;
}) {
  return (
    <EmptyState
      icon={SparklesIcon}
      title="Create your brand"
      description={`${purpose} once you have a brand. Set it up in a minute, or tell the assistant “${CREATE_BRAND_BY_CHAT_EXAMPLE}”.`}
      testId={testId}
      {...(className ? { className } : {})}
      action={
        <Button className="h-10" onClick={openSetupWizard} data-testid="no-brand-open-wizard">
          <SparklesIcon aria-hidden="true" />
          Set up my brand
        </Button>
      }
    />
  );
}
