import { ClockIcon, InboxIcon } from "lucide-react";

import { PostStateBadge } from "@/components/generation/generated-post-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { PostView } from "@/lib/posts";
import { formatRelativeTime } from "@/lib/relative-time";

/** Core spec, Dashboard: the post text preview is truncated at 100 characters in recent activity. */
export const PREVIEW_LENGTH = 100;
/** Core spec section 9: the dashboard shows 3 pending posts and 5 recent posts. */
export const PENDING_PREVIEW_COUNT = 3;
export const RECENT_COUNT = 5;

export function truncatePreview(text: string, length = PREVIEW_LENGTH): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length).trimEnd()}…` : trimmed;
}

const platformLabel = (platform: PostView["platform"]) =>
  platform === "instagram" ? "Instagram" : "Facebook";

function PostText({ post }: { post: PostView }) {
  const text = truncatePreview(post.content);
  return (
    <p className="text-sm break-words" data-testid="post-preview-text">
      {text || <span className="text-muted-foreground italic">No text yet</span>}
    </p>
  );
}

function PostTime({ post }: { post: PostView }) {
  return (
    <time
      dateTime={post.createdAt}
      title={new Date(post.createdAt).toLocaleString()}
      className="flex items-center gap-1 text-xs text-muted-foreground"
    >
      <ClockIcon className="size-3" aria-hidden="true" />
      {formatRelativeTime(post.createdAt)}
    </time>
  );
}

export function PendingPostList({
  posts,
  pendingTotal,
  expanded,
  onToggleExpanded,
}: {
  posts: PostView[];
  pendingTotal: number;
  expanded: boolean;
  onToggleExpanded: () => void;
}) {
  const reviewable = posts.filter((post) => post.state !== "generating");
  if (reviewable.length === 0)
    return (
      <div
        className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground"
        data-testid="pending-empty"
      >
        <InboxIcon className="size-5" aria-hidden="true" />
        No pending posts
      </div>
    );
  const shown = expanded ? reviewable : reviewable.slice(0, PENDING_PREVIEW_COUNT);
  return (
    <div className="space-y-3">
      <ul className="divide-y rounded-lg border" data-testid="pending-list">
        {shown.map((post) => (
          <li key={post.id} className="space-y-1.5 p-3" data-testid="pending-post" data-post-id={post.id}>
            <PostText post={post} />
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{platformLabel(post.platform)}</Badge>
              <PostTime post={post} />
            </div>
          </li>
        ))}
      </ul>
      {pendingTotal > PENDING_PREVIEW_COUNT && (
        <Button
          variant="outline"
          className="h-10 w-full"
          aria-expanded={expanded}
          onClick={onToggleExpanded}
          data-testid="review-all-pending"
        >
          {expanded ? "Show fewer" : `Review all ${pendingTotal} pending posts`}
        </Button>
      )}
    </div>
  );
}

export function RecentPostList({ posts }: { posts: PostView[] }) {
  if (posts.length === 0)
    return (
      <div
        className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground"
        data-testid="recent-empty"
      >
        <InboxIcon className="size-5" aria-hidden="true" />
        No posts yet
      </div>
    );
  return (
    <ul className="divide-y rounded-lg border" data-testid="recent-list">
      {posts.slice(0, RECENT_COUNT).map((post) => (
        <li key={post.id} className="space-y-1.5 p-3" data-testid="recent-post" data-post-id={post.id}>
          <PostText post={post} />
          <div className="flex flex-wrap items-center gap-2">
            <PostStateBadge state={post.state} />
            <Badge variant="outline">{platformLabel(post.platform)}</Badge>
            <PostTime post={post} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function PostListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="divide-y rounded-lg border" aria-hidden="true" data-testid="post-list-loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="space-y-2 p-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}
