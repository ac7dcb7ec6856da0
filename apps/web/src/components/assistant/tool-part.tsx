import { getToolName, isToolUIPart } from "ai";
import {
  CheckIcon,
  CircleAlertIcon,
  CompassIcon,
  GlobeIcon,
  ImageIcon,
  RotateCwIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
  WrenchIcon,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";

import type { ChatPart, ChatTools, ToolPart } from "@/components/assistant/chat-part";
import { isPlanningToolPart, PlanningToolCard } from "@/components/assistant/planning-cards";
import { GenerationProgress } from "@/components/generation/generation-progress";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { NAVIGATE_DELAY_MS, tomorrowAtNoon, useImageLink } from "@/lib/chat";
import { generationFailureReason, useApprovePost, useDenyPost, useGeneratedPost } from "@/lib/generation";
import { cn } from "@/lib/utils";

export function isChatToolPart(part: ChatPart): part is ToolPart {
  return isToolUIPart(part);
}

const cardClass = "rounded-lg border bg-card p-3 text-sm shadow-xs";

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
  const card = outputCard(part, brandId, onAsk);
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
    case "tool-generatePost":
      return (
        <ChatPostCard
          brandId={brandId}
          postId={part.output.id}
          retryRequest={generationRequest(part.input)}
          onAsk={onAsk}
        />
      );
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
    case "tool-listImages":
      return <ImageListCard brandId={brandId} images={part.output.images} onAsk={onAsk} />;
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
  const kind = platform === "instagram" ? "an Instagram" : "a Facebook";
  const topic = typeof prompt === "string" && prompt.trim() ? ` about ${prompt.trim()}` : "";
  return `Create ${kind} post${topic}`;
}

/**
 * A post generated from the chat: live progress, then caption and image with Deny / Approve & Schedule.
 * A failed generation says so (core spec section 8: Generation Failed, offering a retry) and its Try again
 * asks the assistant for the same post once more.
 */
function ChatPostCard({
  brandId,
  postId,
  retryRequest,
  onAsk,
}: {
  brandId: string;
  postId: string;
  retryRequest: string;
  onAsk: (text: string) => void;
}) {
  const { post, view, query } = useGeneratedPost(brandId, postId, { announce: false });
  const approve = useApprovePost(brandId, postId);
  const deny = useDenyPost(brandId, postId);
  const busy = approve.isPending || deny.isPending;

  return (
    <div className={cn(cardClass, "space-y-3")} data-testid="assistant-post-card" data-state={post?.state}>
      {!post || !view ? (
        query.isError ? (
          <p className="text-muted-foreground">Could not load the post.</p>
        ) : (
          <div className="space-y-2" role="status" aria-label="Loading the post">
            <Skeleton className="h-2 w-full" />
            <Skeleton className="aspect-[4/3] w-full" />
          </div>
        )
      ) : (
        <>
          <GenerationProgress view={view} />
          {view.phase !== "generating" && view.phase !== "failed" && (
            <>
              {post.imageUrl && (
                <img
                  src={post.imageUrl}
                  alt="Generated post"
                  className="w-full rounded-md border object-cover"
                  data-testid="assistant-post-image"
                />
              )}
              <p className="whitespace-pre-wrap break-words" data-testid="assistant-post-caption">
                {post.content}
              </p>
            </>
          )}
          {view.phase === "failed" && (
            <div className="space-y-2" data-testid="assistant-post-failed">
              <p className="flex items-start gap-2">
                <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                <span>
                  <span className="block font-medium text-destructive">Generation Failed</span>
                  <span className="text-muted-foreground">{generationFailureReason(post)}</span>
                </span>
              </p>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAsk(retryRequest)}
                data-testid="assistant-post-retry"
              >
                <RotateCwIcon aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          {busy ? (
            <p className="text-muted-foreground" role="status">
              Processing your request...
            </p>
          ) : post.state === "scheduled" || post.state === "approved" || post.state === "published" ? (
            <div className="rounded-md bg-success/10 p-2" data-testid="assistant-post-outcome">
              <p className="font-medium text-success">Post Approved &amp; Scheduled!</p>
              <p className="text-muted-foreground">
                Check the{" "}
                <Link to="/calendar" className="underline underline-offset-2">
                  Calendar
                </Link>{" "}
                to see it.
              </p>
            </div>
          ) : post.state === "denied" && view.phase !== "failed" ? (
            <div className="rounded-md bg-muted p-2" data-testid="assistant-post-outcome">
              <p className="font-medium">Post Denied</p>
              <p className="text-muted-foreground">Ask me for new content whenever you like.</p>
            </div>
          ) : post.state === "pending" ? (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => deny.mutate({ feedback: "Denied from the chat" })}
                data-testid="assistant-post-deny"
              >
                <ThumbsDownIcon aria-hidden="true" />
                Deny
              </Button>
              <Button
                size="sm"
                onClick={() => approve.mutate({ scheduledDate: tomorrowAtNoon().toISOString() })}
                data-testid="assistant-post-approve"
              >
                <ThumbsUpIcon aria-hidden="true" />
                Approve &amp; Schedule
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

type ImageItem = ChatTools["showImage"]["output"];

/** Core spec: the chat shows the first 6 images, then '...and N more images'. */
export const IMAGE_LIST_SHOWN = 6;

/** An image of the brand by id: the stored link is used while valid, else a fresh one is fetched. */
function BrandImage({
  brandId,
  image,
  className,
}: {
  brandId: string;
  image: ImageItem;
  className?: string;
}) {
  const link = useImageLink(brandId, image.id, image.url);
  const [broken, setBroken] = useState(false);
  if (link.failed || broken) {
    return (
      <div
        className={cn(
          "flex items-center justify-center gap-1 bg-muted p-2 text-center text-xs text-muted-foreground",
          className,
        )}
      >
        <ImageIcon className="size-4 shrink-0" aria-hidden="true" />
        Failed to load image
      </div>
    );
  }
  if (!link.url) return <Skeleton className={className} />;
  return (
    <img
      src={link.url}
      alt={image.name}
      className={cn("object-cover", className)}
      onError={() => setBroken(true)}
    />
  );
}

/** The "image list" extra: a gallery of the first 6; clicking one asks the assistant to show it. */
function ImageListCard({
  brandId,
  images,
  onAsk,
}: {
  brandId: string;
  images: ImageItem[];
  onAsk: (text: string) => void;
}) {
  if (images.length === 0) {
    return (
      <div className={cn(cardClass, "text-muted-foreground")} data-testid="assistant-image-list">
        No images yet.
      </div>
    );
  }
  const more = images.length - IMAGE_LIST_SHOWN;
  return (
    <div className={cn(cardClass, "space-y-2")} data-testid="assistant-image-list">
      <ul className="grid grid-cols-3 gap-2" aria-label="Your images">
        {images.slice(0, IMAGE_LIST_SHOWN).map((image) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => onAsk(`show ${image.name}`)}
              className="group block w-full overflow-hidden rounded-md border text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={`Show ${image.name}`}
              title={image.name}
              data-testid="assistant-image-list-item"
            >
              <BrandImage
                brandId={brandId}
                image={image}
                className="aspect-square w-full transition-opacity group-hover:opacity-90"
              />
              <span className="block truncate px-1.5 py-1 text-xs text-muted-foreground">{image.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="assistant-image-list-more">
          ...and {more} more images
        </p>
      )}
    </div>
  );
}

/** The "displayed image" extra: one image the assistant was asked to show. */
function ShownImageCard({ brandId, image }: { brandId: string; image: ImageItem }) {
  return (
    <figure className={cn(cardClass, "space-y-2")} data-testid="assistant-shown-image">
      <BrandImage brandId={brandId} image={image} className="max-h-80 w-full rounded-md border" />
      <figcaption className="truncate text-xs text-muted-foreground">{image.name}</figcaption>
    </figure>
  );
}
