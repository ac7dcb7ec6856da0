import { type PostState, platformLabels } from "@smm/domain/web";
import { ClockIcon, PenLineIcon, SparklesIcon } from "lucide-react";

import { NetworkIcon } from "@/components/network-icon";
import { Badge } from "@/components/ui/badge";
import type { PostView } from "@/lib/posts";
import { formatRelativeTime } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { cn } from "@/lib/utils";

// The small labels a post row shows (state, source, platform, age), apart from the cards and their
// actions: lists such as the dashboard's show them without loading the review dialogs.

export const postStateLabels: Record<PostState, string> = {
  generating: "Generating",
  pending: "Pending review",
  approved: "Approved",
  scheduled: "Scheduled",
  published: "Published",
  denied: "Denied",
};

export function PostStateBadge({ state, className }: { state: PostState; className?: string }) {
  const tone: Record<PostState, string> = {
    generating: "border-primary/40 bg-primary/10 text-primary",
    pending: "border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300",
    approved: "border-success/40 bg-success/10 text-success",
    scheduled: "border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300",
    published: "border-success/40 bg-success/10 text-success",
    denied: "border-destructive/40 bg-destructive/10 text-destructive",
  };
  return (
    <Badge
      variant="outline"
      className={cn(tone[state], className)}
      data-testid="post-state"
      data-state={state}
    >
      {postStateLabels[state]}
    </Badge>
  );
}

export const platformLabel = (platform: PostView["platform"]) => platformLabels[platform];

export function SourceBadge({ post }: { post: Pick<PostView, "aiGenerated"> }) {
  return post.aiGenerated ? (
    <Badge variant="secondary" data-testid="post-source" data-source="ai">
      <SparklesIcon aria-hidden="true" />
      AI
    </Badge>
  ) : (
    <Badge variant="outline" data-testid="post-source" data-source="manual">
      <PenLineIcon aria-hidden="true" />
      Manual
    </Badge>
  );
}

export function PlatformBadge({ platform }: { platform: PostView["platform"] }) {
  return (
    <Badge variant="outline" data-testid="post-platform" data-platform={platform}>
      <NetworkIcon platform={platform} />
      {platformLabel(platform)}
    </Badge>
  );
}

/** 'now', 'Nm ago', 'Nh ago', then the date; re-rendered by the shared 60 s clock. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const now = useNow();
  return (
    <time
      dateTime={value}
      title={new Date(value).toLocaleString()}
      className={cn("flex items-center gap-1 text-xs text-muted-foreground", className)}
      data-testid="post-time"
    >
      <ClockIcon className="size-3" aria-hidden="true" />
      {formatRelativeTime(value, new Date(now))}
    </time>
  );
}
