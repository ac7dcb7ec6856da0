import {
  CalendarClockIcon,
  ClockIcon,
  MessageSquareWarningIcon,
  PenLineIcon,
  SendIcon,
  SparklesIcon,
} from "lucide-react";
import { useState } from "react";

import { FacebookIcon, InstagramIcon } from "@/components/brand-icons";
import { PostStateBadge } from "@/components/generation/generated-post-card";
import { PublishingNote } from "@/components/posts/publishing-note";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/generation";
import type { PostView } from "@/lib/posts";
import { formatRelativeTime } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { cn } from "@/lib/utils";

import { PostActions } from "./post-actions";

export const platformLabel = (platform: PostView["platform"]) =>
  platform === "instagram" ? "Instagram" : "Facebook";

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
  const Icon = platform === "instagram" ? InstagramIcon : FacebookIcon;
  return (
    <Badge variant="outline" data-testid="post-platform" data-platform={platform}>
      <Icon aria-hidden="true" />
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

function WhenLine({ post }: { post: PostView }) {
  if (post.state === "scheduled" && post.scheduledDate)
    return (
      <p
        className="flex items-center gap-1.5 text-xs text-sky-700 dark:text-sky-300"
        data-testid="post-scheduled"
      >
        <CalendarClockIcon className="size-3.5" aria-hidden="true" />
        Scheduled for <time dateTime={post.scheduledDate}>{formatDateTime(post.scheduledDate)}</time>
      </p>
    );
  if (post.state === "published" && post.postedAt)
    return (
      <p className="flex items-center gap-1.5 text-xs text-success" data-testid="post-published">
        <SendIcon className="size-3.5" aria-hidden="true" />
        Published <time dateTime={post.postedAt}>{formatDateTime(post.postedAt)}</time>
      </p>
    );
  return null;
}

function Feedback({ post }: { post: PostView }) {
  if (!post.feedback || (post.state !== "denied" && post.state !== "pending")) return null;
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="post-feedback">
      <MessageSquareWarningIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="break-words">{post.feedback}</span>
    </p>
  );
}

function PostImage({ post, compact }: { post: PostView; compact: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!post.imageUrl || failed === post.imageUrl) return null;
  return (
    <img
      src={post.imageUrl}
      alt=""
      loading="lazy"
      onError={() => setFailed(post.imageUrl)}
      className={cn(
        "rounded-md border bg-muted object-cover",
        compact ? "size-16 shrink-0" : "aspect-[4/3] max-h-80 w-full",
      )}
      data-testid="post-image"
    />
  );
}

/**
 * A post with its state, source, platform and times, and the actions its lifecycle state allows. The
 * full form shows everything (Post Details); the compact one is a list row that opens the details.
 */
export function PostCard({
  post,
  brandId,
  variant = "full",
  onOpen,
  className,
}: {
  post: PostView;
  brandId: string;
  variant?: "full" | "compact";
  onOpen?: (post: PostView) => void;
  className?: string;
}) {
  const compact = variant === "compact";
  const text = post.content.trim();
  const body = (
    <>
      {compact && <PostImage post={post} compact />}
      <span
        className={cn(
          "block min-w-0 flex-1 text-sm break-words",
          compact ? "line-clamp-3" : "whitespace-pre-line",
        )}
        data-testid="post-text"
      >
        {text || <span className="text-muted-foreground italic">No text yet</span>}
      </span>
    </>
  );

  return (
    <article
      className={cn(
        "space-y-3 rounded-lg border bg-card p-3 text-card-foreground",
        !compact && "p-4",
        className,
      )}
      data-testid="post-card"
      data-variant={variant}
      data-post-id={post.id}
      data-state={post.state}
      aria-label={`${platformLabel(post.platform)} post`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <PostStateBadge state={post.state} />
        <SourceBadge post={post} />
        <PlatformBadge platform={post.platform} />
        <RelativeTime value={post.createdAt} className="ml-auto" />
      </div>
      {!compact && <PostImage post={post} compact={false} />}
      {compact && onOpen ? (
        <button
          type="button"
          className="flex w-full items-start gap-3 rounded-md text-left outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          onClick={() => onOpen(post)}
          aria-label={`Open post details: ${text.slice(0, 60) || "post without text"}`}
          data-testid="post-card-open"
        >
          {body}
        </button>
      ) : (
        <div className="flex items-start gap-3">{body}</div>
      )}
      <WhenLine post={post} />
      <PublishingNote post={post} />
      <Feedback post={post} />
      <PostActions post={post} brandId={brandId} className="-mx-1 -mb-1" />
    </article>
  );
}
