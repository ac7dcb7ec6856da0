import { getToolName, isToolUIPart } from "ai";
import { CheckIcon, CircleAlertIcon, CompassIcon, GlobeIcon, WrenchIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

import { AnalyticsToolCard, isAnalyticsToolPart } from "@/components/assistant/analytics-card";
import { campaignCard } from "@/components/assistant/campaign-cards";
import { cardClass } from "@/components/assistant/card-styles";
import type { ChatPart, ChatTools, ToolPart } from "@/components/assistant/chat-part";
import { ChatPostCard } from "@/components/assistant/chat-post-card";
import { ImageListCard, ShownImageCard } from "@/components/assistant/image-cards";
import { inboxCard } from "@/components/assistant/inbox-cards";
import { MediaListCard } from "@/components/assistant/media-cards";
import { isPlanningToolPart, PlanningToolCard } from "@/components/assistant/planning-cards";
import { networkName } from "@/components/assistant/planning-format";
import { NAVIGATE_DELAY_MS } from "@/lib/chat";
import { cn } from "@/lib/utils";

export function isChatToolPart(part: ChatPart): part is ToolPart {
  return isToolUIPart(part);
}

function humanize(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

/** One line about a tool's output, never its JSON. */
function summarize(output: unknown): string {
  if (output == null) return "Done";
  if (typeof output === "string") return output.length > 80 ? `${output.slice(0, 77)}...` : output;
  if (Array.isArray(output)) return `${output.length} item${output.length === 1 ? "" : "s"}`;
  if (typeof output === "object") {
    // Any tool's output lands here, so its keys are read without knowing its shape.
    const record: Record<string, unknown> = { ...output };
    for (const key of ["images", "items", "posts", "results", "templates"]) {
      const list = record[key];
      if (Array.isArray(list)) return `${list.length} ${key}`;
    }
    for (const key of ["message", "title", "name", "path", "status"]) {
      const value = record[key];
      if (typeof value === "string" && value) return value;
    }
  }
  return "Done";
}

export function ToolPartCard({
  part,
  brandId,
  live,
  onNavigated,
  onAsk,
}: {
  part: ToolPart;
  brandId: string;
  /** False for parts loaded from history: a past navigation is not replayed. */
  live: boolean;
  onNavigated: (toolCallId: string, path: string) => void;
  /** Sends a message as the user (clicking an image of a list asks to show it). */
  onAsk: (text: string) => void;
}) {
  const name = getToolName(part);
  // Plans, ideas, written captions and suggestions: their cards show their own progress and errors.
  if (isPlanningToolPart(part)) return <PlanningToolCard part={part} />;
  if (isAnalyticsToolPart(part)) return <AnalyticsToolCard part={part} />;
  if (part.state === "output-error") {
    return (
      <div
        className={cn(cardClass, "border-destructive/30 bg-destructive/5 text-muted-foreground")}
        data-testid="assistant-tool-error"
      >
        <p className="flex items-start gap-2">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>{part.errorText}</span>
        </p>
      </div>
    );
  }
  if (part.type === "tool-navigateTo") {
    return (
      <NavigateCard
        toolCallId={part.toolCallId}
        path={part.input?.path}
        pending={part.state === "input-available" && live}
        onNavigated={onNavigated}
      />
    );
  }
  if (part.state === "input-streaming" || part.state === "input-available") {
    return (
      <div className={cn(cardClass, "text-muted-foreground")} data-testid="assistant-tool-running">
        Working on it: {humanize(name)}...
      </div>
    );
  }
  const card = outputCard(part, brandId, onAsk) ?? campaignCard(part) ?? inboxCard(part, brandId);
  if (card) return card;
  if (part.type === "tool-updateBrandField") {
    const field = part.input?.field;
    return (
      <div className={cn(cardClass, "flex items-center gap-2")} data-testid="assistant-tool-card">
        <CheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
        <span>
          Updated {field ? humanize(field) : "brand"}.{" "}
          <Link to="/settings" className="underline underline-offset-2">
            See Settings
          </Link>
        </span>
      </div>
    );
  }
  return (
    <div className={cn(cardClass, "flex items-start gap-2")} data-testid="assistant-tool-card">
      <WrenchIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-medium">{humanize(name)}</span>
        <span className="block truncate text-muted-foreground">
          {summarize(part.state === "output-available" ? part.output : undefined)}
        </span>
      </span>
    </div>
  );
}

/** The card of a finished tool whose output has an extra of its own (a post, images, a website); else null. */
function outputCard(part: ToolPart, brandId: string, onAsk: (text: string) => void) {
  if (part.state !== "output-available") return null;
  switch (part.type) {
    case "tool-generatePost": {
      // Written for several channels: a card per channel's post, each followed live like a single one.
      const written = part.output.group ?? [part.output];
      return (
        <div className="space-y-2" data-testid={written.length > 1 ? "assistant-post-group" : undefined}>
          {written.map((post) => (
            <ChatPostCard
              key={post.id}
              brandId={brandId}
              postId={post.id}
              retryRequest={generationRequest({ platform: post.platform, prompt: part.input.prompt })}
              onAsk={onAsk}
            />
          ))}
        </div>
      );
    }
    case "tool-generateFromSuggestion": {
      const { post, suggestion } = part.output;
      return (
        <ChatPostCard
          brandId={brandId}
          postId={post.id}
          retryRequest={generationRequest({ platform: post.platform, prompt: suggestion?.contentSuggestion })}
          onAsk={onAsk}
        />
      );
    }
    case "tool-setPostMedia":
      // The post with its new media, format or first comment, followed live like a generated one.
      return (
        <ChatPostCard
          brandId={brandId}
          postId={part.output.id}
          retryRequest={generationRequest({ platform: part.output.platform })}
          onAsk={onAsk}
        />
      );
    case "tool-listImages":
      return <ImageListCard brandId={brandId} images={part.output.images} onAsk={onAsk} />;
    case "tool-listMedia":
      return <MediaListCard brandId={brandId} items={part.output.items} />;
    case "tool-showImage":
      return <ShownImageCard brandId={brandId} image={part.output} />;
    case "tool-analyzeWebsite":
      return <WebsiteAnalysisCard analysis={part.output} />;
    default:
      return null;
  }
}

function NavigateCard({
  toolCallId,
  path,
  pending,
  onNavigated,
}: {
  toolCallId: string;
  path: string | undefined;
  pending: boolean;
  onNavigated: (toolCallId: string, path: string) => void;
}) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!pending || !path || done.current) return;
    const timer = setTimeout(() => {
      if (done.current) return;
      done.current = true;
      void navigate(path);
      onNavigated(toolCallId, path);
    }, NAVIGATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending, path, toolCallId, navigate, onNavigated]);
  return (
    <div className={cn(cardClass, "flex items-center gap-2")} data-testid="assistant-tool-card">
      <CompassIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{pending ? `Opening ${path ?? "the page"}...` : `Opened ${path ?? "the page"}`}</span>
    </div>
  );
}

type WebsiteAnalysisOutput = ChatTools["analyzeWebsite"]["output"];

/** The spec's website analysis extra: the page's title, the brand name and industry found, what changed. */
function WebsiteAnalysisCard({ analysis }: { analysis: WebsiteAnalysisOutput }) {
  const rows = [
    ["Title", analysis.title],
    ["Brand", analysis.brandInfo.name],
    ["Industry", analysis.brandInfo.industry],
  ].filter(([, value]) => value);
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-website-card">
      <p className="flex items-center gap-2 font-medium">
        <GlobeIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 truncate">{new URL(analysis.url).host}</span>
      </p>
      {rows.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="text-muted-foreground" data-testid="assistant-website-applied">
        {analysis.applied.length > 0 ? (
          <>
            Updated your brand: {analysis.applied.map(humanize).join(", ")}.{" "}
            <Link to="/settings" className="underline underline-offset-2">
              See Settings
            </Link>
          </>
        ) : (
          "Your brand already matches this site; nothing changed."
        )}
      </p>
    </div>
  );
}

/** The chat request that asks for the same post again (what the assistant understands, whatever the model). */
export function generationRequest({
  platform,
  prompt,
}: {
  platform?: string | null;
  prompt?: string | null;
}): string {
  const name = networkName(platform ?? "facebook");
  const kind = /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
  const topic = typeof prompt === "string" && prompt.trim() ? ` about ${prompt.trim()}` : "";
  return `Create ${kind} post${topic}`;
}
