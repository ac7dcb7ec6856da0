import type { CalendarAnalysisView, ContentIdeasView, WrittenSocialPostView } from "@smm/domain/web";
import {
  CalendarDaysIcon,
  CheckIcon,
  CircleAlertIcon,
  CopyIcon,
  LightbulbIcon,
  PenLineIcon,
} from "lucide-react";
import { Link } from "react-router";

import { cardClass } from "@/components/assistant/card-styles";
import type { ChatPart, ToolPartOf } from "@/components/assistant/chat-part";
import { formatSlot, networkName } from "@/components/assistant/planning-format";
import { CampaignPlanCard, SuggestionListCard } from "@/components/assistant/suggestion-cards";
import { useCopyCaption } from "@/components/assistant/use-copy-caption";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/*
 * Chat cards for the planning tools (createCampaignPlan, generateContentIdea, writeSocialPost,
 * listSuggestions, dismissSuggestion, analyzeCalendar): the tool's output as something to read and act on,
 * never its JSON.
 */

export const planningToolNames = [
  "createCampaignPlan",
  "generateContentIdea",
  "writeSocialPost",
  "listSuggestions",
  "dismissSuggestion",
  "analyzeCalendar",
] as const;
export type PlanningToolName = (typeof planningToolNames)[number];
export type PlanningToolPart = ToolPartOf<PlanningToolName>;

const planningPartTypes = new Set<string>(planningToolNames.map((name) => `tool-${name}`));

/** True for a tool part this file renders; the assistant falls back to its generic card otherwise. */
export function isPlanningToolPart(part: ChatPart): part is PlanningToolPart {
  return planningPartTypes.has(part.type);
}

const RUNNING_TEXT: Record<PlanningToolPart["type"], string> = {
  "tool-createCampaignPlan": "Planning your campaign...",
  "tool-generateContentIdea": "Thinking of ideas...",
  "tool-writeSocialPost": "Writing your post...",
  "tool-listSuggestions": "Loading your suggestions...",
  "tool-dismissSuggestion": "Dismissing the suggestion...",
  "tool-analyzeCalendar": "Analyzing your calendar...",
};

export function PlanningToolCard({ part }: { part: PlanningToolPart }) {
  if (part.state === "output-error") {
    return (
      <div
        className={cn(cardClass, "border-destructive/30 bg-destructive/5 text-muted-foreground")}
        data-testid="planning-tool-error"
      >
        <p className="flex items-start gap-2">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>{part.errorText}</span>
        </p>
      </div>
    );
  }
  if (part.state !== "output-available") {
    return (
      <div className={cn(cardClass, "space-y-2")} role="status" data-testid="planning-tool-running">
        <p className="text-muted-foreground">{RUNNING_TEXT[part.type]}</p>
        <Skeleton className="h-3 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    );
  }
  switch (part.type) {
    case "tool-createCampaignPlan":
      return <CampaignPlanCard plan={part.output} />;
    case "tool-listSuggestions":
      return <SuggestionListCard suggestions={part.output.suggestions} />;
    case "tool-generateContentIdea":
      return <IdeasCard result={part.output} />;
    case "tool-writeSocialPost":
      return <WrittenPostCard post={part.output} />;
    case "tool-analyzeCalendar":
      return <CalendarAnalysisCard analysis={part.output} />;
    case "tool-dismissSuggestion":
      return (
        <div className={cn(cardClass, "flex items-center gap-2")} data-testid="planning-dismissed">
          <CheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
          <span>Suggestion dismissed</span>
        </div>
      );
  }
}

function IdeasCard({ result }: { result: ContentIdeasView }) {
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="planning-ideas-card">
      <p className="flex items-center gap-2 font-medium">
        <LightbulbIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {result.topic ? `Ideas about ${result.topic}` : "Post ideas"}
        </span>
      </p>
      <ol className="list-decimal space-y-2 pl-5">
        {result.ideas.map((idea) => (
          <li key={`${idea.title}-${idea.platform}`}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{idea.title}</span>
              <Badge variant="outline">{networkName(idea.platform)}</Badge>
            </div>
            <p className="text-muted-foreground">{idea.angle}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function WrittenPostCard({ post }: { post: WrittenSocialPostView }) {
  const { status, copy } = useCopyCaption(post.caption);
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="planning-written-post-card">
      <div className="flex items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <PenLineIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="truncate">{networkName(post.platform)} caption</span>
        </p>
        <Button size="sm" variant="outline" onClick={copy} data-testid="planning-copy-caption">
          {status === "copied" ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {status === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="whitespace-pre-wrap break-words" data-testid="planning-written-caption">
        {post.caption}
      </p>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {status === "failed"
          ? "Could not copy the caption. Select it and copy it by hand."
          : `${post.characterCount.toLocaleString()} / ${post.maxCaptionLength.toLocaleString()} characters`}
      </p>
    </div>
  );
}

/** The agent page's calendar status, in the chat: this week against the target, then the insights. */
function CalendarAnalysisCard({ analysis }: { analysis: CalendarAnalysisView }) {
  const tiles = [
    ["Scheduled this week", String(analysis.scheduledPostsCount)],
    ["Awaiting approval", String(analysis.pendingPostsCount)],
    ["Weekly target", String(analysis.weeklyTarget)],
    [
      analysis.targetMet ? "Target Met!" : "Content gap",
      analysis.targetMet ? "On track" : `${analysis.contentGap} to go`,
    ],
  ] as const;
  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="planning-calendar-analysis">
      <p className="flex items-center gap-2 font-medium">
        <CalendarDaysIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        Your calendar, last {analysis.range === "30d" ? "30" : "7"} days
      </p>
      <dl className="grid grid-cols-2 gap-2">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-md bg-muted/60 p-2">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-1 text-muted-foreground">
        <p>
          Next post:{" "}
          {analysis.nextScheduledPost ? (
            <Link to="/calendar" className="underline underline-offset-2">
              {formatSlot(analysis.nextScheduledPost.scheduledDate)},{" "}
              {networkName(analysis.nextScheduledPost.platform)}
            </Link>
          ) : (
            "none scheduled"
          )}
        </p>
        <p>
          Best days {analysis.engagementData.bestDays.slice(0, 2).join(", ")}; best times{" "}
          {analysis.engagementData.bestTimes.slice(0, 2).join(", ")}. Next optimal time:{" "}
          {analysis.nextOptimalPostTime}.
        </p>
        <p>
          {analysis.activeSuggestionCount} active suggestion{analysis.activeSuggestionCount === 1 ? "" : "s"}.{" "}
          <Link to="/ai-agent" className="underline underline-offset-2">
            Open the AI agent
          </Link>
        </p>
      </div>
    </div>
  );
}
