import { CalendarClockIcon, MessageSquareWarningIcon, SendIcon } from "lucide-react";
import { useState } from "react";

import {
  FormatBadge,
  hasRichMedia,
  MediaStackThumb,
  PostMediaGallery,
} from "@/components/post-media/post-media";
import {
  PlatformBadge,
  PostStateBadge,
  platformLabel,
  RelativeTime,
  SourceBadge,
} from "@/components/posts/post-badges";
import { PublishingNote } from "@/components/posts/publishing-note";
import { formatDateTime } from "@/lib/generation";
import type { PostView } from "@/lib/posts";
import { cn } from "@/lib/utils";

import { PostActions } from "./post-actions";

export { PlatformBadge, platformLabel, RelativeTime, SourceBadge };

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
  // Several items or a video: the row stacks them; the full card shows the carousel or the playable video.
  if (hasRichMedia(post.media))
    return compact ? (
      <MediaStackThumb
        media={post.media}
        className="size-16"
        testId="post-image"
        onError={() => setFailed(post.imageUrl)}
      />
    ) : (
      <PostMediaGallery
        media={post.media}
        alt=""
        frameClassName="aspect-[4/3] max-h-80"
        firstTestId="post-image"
        className="rounded-md border"
      />
    );
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
        <FormatBadge format={post.format} count={post.media.length} />
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
