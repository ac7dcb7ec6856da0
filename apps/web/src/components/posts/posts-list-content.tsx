import {
  CheckCheckIcon,
  InboxIcon,
  Loader2Icon,
  PlusIcon,
  RotateCwIcon,
  SearchXIcon,
  XIcon,
} from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

import { PostCard } from "./post-card";
import { endOfListText, type PostListVariant } from "./post-logic";
import type { PostsListState } from "./use-posts-list";

function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-3" aria-hidden="true" data-testid="posts-list-loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="space-y-3 rounded-lg border p-3">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-14" />
            <Skeleton className="h-5 w-20" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <div className="flex gap-1">
            <Skeleton className="size-10" />
            <Skeleton className="size-10" />
            <Skeleton className="size-10" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The list's body: the load error, the skeleton, the empty state or the posts with Load More. */
export function PostsListContent({
  list,
  brandId,
  variant,
  onClose,
}: {
  list: PostsListState;
  brandId: string;
  variant: PostListVariant;
  onClose: () => void;
}) {
  if (list.loadFailed) {
    return (
      <Alert variant="destructive" data-testid="posts-list-error">
        <AlertTitle>Could not load posts</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          <span>Check your connection and try again.</span>
          <Button variant="outline" size="sm" className="h-10" onClick={list.retry}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!list.loaded) {
    return <ListSkeleton />;
  }
  if (list.posts.length === 0) {
    const Icon = list.narrowed ? SearchXIcon : variant === "pending" ? CheckCheckIcon : InboxIcon;
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center"
        data-testid="posts-list-empty"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <p className="font-medium" data-testid="posts-list-empty-title">
          {list.empty.title}
        </p>
        {list.empty.description && (
          <p className="max-w-sm text-sm text-muted-foreground" data-testid="posts-list-empty-description">
            {list.empty.description}
          </p>
        )}
        {list.canClear ? (
          <Button variant="outline" className="h-10" onClick={list.clear}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        ) : (
          <Button asChild className="h-10" onClick={onClose}>
            <Link to="/create">
              <PlusIcon aria-hidden="true" />
              Create Post
            </Link>
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className={cn("space-y-3", list.isPlaceholderData && "opacity-60")}>
      <ul className="space-y-3" data-testid="posts-list">
        {list.posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} brandId={brandId} variant="compact" onOpen={list.openDetails} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="h-10 w-full"
          onClick={list.loadMore}
          disabled={list.isFetchingNextPage}
          data-testid="load-more-posts"
        >
          {list.isFetchingNextPage && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {list.isFetchingNextPage ? "Loading..." : "Load More Posts"}
        </Button>
      ) : (
        <p className="py-2 text-center text-sm text-muted-foreground" data-testid="posts-list-end">
          {endOfListText(variant)}
        </p>
      )}
      {list.loadMoreFailed && (
        <p className="text-center text-sm text-destructive" role="alert">
          Could not load more posts. Try again.
        </p>
      )}
    </div>
  );
}
