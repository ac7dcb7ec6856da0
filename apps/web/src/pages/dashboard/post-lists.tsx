import { InboxIcon, LayersIcon, ListChecksIcon } from "lucide-react";
import { Link } from "react-router";

import { FormatBadge } from "@/components/post-media/post-media";
import { PlatformBadge, PostStateBadge, RelativeTime, SourceBadge } from "@/components/posts/post-badges";
import { PREVIEW_LENGTH, truncatePreview } from "@/components/posts/post-logic";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { PostView } from "@/lib/posts";

export { PREVIEW_LENGTH, truncatePreview };
/** Core spec section 9: the dashboard shows 3 pending posts and 5 recent posts. */
export const PENDING_PREVIEW_COUNT = 3;
export const RECENT_COUNT = 5;

function PostText({ post }: { post: PostView }) {
  const text = truncatePreview(post.content);
  return (
    <span className="block text-sm break-words" data-testid="post-preview-text">
      {text || <span className="text-muted-foreground italic">No text yet</span>}
    </span>
  );
}

/** A dashboard row: the whole row is one button that opens the Post Details modal (click or Enter). */
function PostRow({
  post,
  testId,
  showState,
  onOpen,
}: {
  post: PostView;
  testId: string;
  showState: boolean;
  onOpen: (post: PostView) => void;
}) {
  return (
    <li data-testid={testId} data-post-id={post.id}>
      <button
        type="button"
        className="block w-full space-y-1.5 p-3 text-left outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        onClick={() => onOpen(post)}
        data-testid={`${testId}-open`}
      >
        <PostText post={post} />
        <span className="flex flex-wrap items-center gap-2">
          {showState && <PostStateBadge state={post.state} />}
          <SourceBadge post={post} />
          <PlatformBadge platform={post.platform} />
          <FormatBadge format={post.format} count={post.media.length} />
          <RelativeTime value={post.createdAt} />
        </span>
      </button>
    </li>
  );
}

export function PendingPostList({
  posts,
  pendingTotal,
  onReviewAll,
  onOpen,
}: {
  posts: PostView[];
  pendingTotal: number;
  onReviewAll: () => void;
  onOpen: (post: PostView) => void;
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
  return (
    <div className="space-y-3">
      <ul className="divide-y overflow-hidden rounded-lg border" data-testid="pending-list">
        {reviewable.slice(0, PENDING_PREVIEW_COUNT).map((post) => (
          <PostRow key={post.id} post={post} testId="pending-post" showState={false} onOpen={onOpen} />
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        {pendingTotal > PENDING_PREVIEW_COUNT && (
          <Button
            variant="outline"
            className="h-10 flex-1"
            onClick={onReviewAll}
            data-testid="review-all-pending"
          >
            <ListChecksIcon aria-hidden="true" />
            Review all {pendingTotal} pending posts
          </Button>
        )}
        <Button asChild variant="secondary" className="h-10 flex-1" data-testid="swipe-mode">
          <Link to="/dashboard/swipe">
            <LayersIcon aria-hidden="true" />
            Swipe Mode
          </Link>
        </Button>
      </div>
    </div>
  );
}

export function RecentPostList({ posts, onOpen }: { posts: PostView[]; onOpen: (post: PostView) => void }) {
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
    <ul className="divide-y overflow-hidden rounded-lg border" data-testid="recent-list">
      {posts.slice(0, RECENT_COUNT).map((post) => (
        <PostRow key={post.id} post={post} testId="recent-post" showState onOpen={onOpen} />
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
