import { BotIcon } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageIntro } from "@/components/page-intro";

export function AiAgentPage() {
  return (
    <>
      <PageIntro
        heading="AI Social Media Agent"
        description="Calendar analysis, suggestions and automated scheduling."
      />
      <EmptyState
        icon={BotIcon}
        title="No calendar analysis available"
        description="Your content calendar status, AI suggestions and agent settings will appear here once the agent is set up."
        testId="ai-agent-empty"
      />
    </>
  );
}
