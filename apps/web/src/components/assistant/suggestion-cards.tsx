import type { CampaignPlanView, SuggestionView } from "@smm/domain/web";
import { CalendarDaysIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { cardClass } from "@/components/assistant/card-styles";
import { formatSlot, networkName } from "@/components/assistant/planning-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/* The planning cards that list dated suggestions: a new campaign plan and the open suggestions. */

/** A long plan shows this many rows until the user asks for the rest, so the chat stays readable. */
const COLLAPSED_ROWS = 6;

function SuggestionRows({ suggestions }: { suggestions: SuggestionView[] }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? suggestions : suggestions.slice(0, COLLAPSED_ROWS);
  return (
    <>
      <ol className="divide-y" data-testid="planning-suggestion-list">
        {shown.map((suggestion) => (
          <li key={suggestion.id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center gap-2">
              <time dateTime={suggestion.scheduledDate ?? undefined} className="font-medium tabular-nums">
                {formatSlot(suggestion.scheduledDate)}
              </time>
              <Badge variant="secondary">{networkName(suggestion.platform)}</Badge>
              {suggestion.engagementScore != null && (
                <span className="text-xs text-muted-foreground">
                  {suggestion.engagementScore}% predicted engagement
                </span>
              )}
            </div>
            <p className="line-clamp-2 text-muted-foreground">{suggestion.contentSuggestion}</p>
          </li>
        ))}
      </ol>
      {suggestions.length > COLLAPSED_ROWS && (
        <Button
          size="sm"
          variant="ghost"
          className="w-full"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? "Show fewer" : `Show all ${suggestions.length}`}
        </Button>
      )}
    </>
  );
}

export function CampaignPlanCard({ plan }: { plan: CampaignPlanView }) {
  const count = plan.suggestions.length;
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="planning-campaign-card">
      <div className="flex items-start gap-2">
        <CalendarDaysIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium break-words">Campaign plan: {plan.goal}</p>
          <p className="text-muted-foreground">
            {count} post{count === 1 ? "" : "s"} over {plan.weeks} week{plan.weeks === 1 ? "" : "s"} ·{" "}
            {plan.platforms.map(networkName).join(" and ")}
            {plan.model === "offline" && " · Offline model"}
          </p>
        </div>
      </div>
      <SuggestionRows suggestions={plan.suggestions} />
      <p className="text-muted-foreground">
        Saved as suggestions. Generate posts from them on the{" "}
        <Link to="/ai-agent" className="underline underline-offset-2">
          AI Agent page
        </Link>
        .
      </p>
    </div>
  );
}

export function SuggestionListCard({ suggestions }: { suggestions: SuggestionView[] }) {
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="planning-suggestions-card">
      <p className="flex items-center gap-2 font-medium">
        <CalendarDaysIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {suggestions.length === 0
          ? "No open suggestions"
          : `${suggestions.length} open suggestion${suggestions.length === 1 ? "" : "s"}`}
      </p>
      {suggestions.length > 0 && <SuggestionRows suggestions={suggestions} />}
    </div>
  );
}
