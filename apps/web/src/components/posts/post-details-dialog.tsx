import { Suspense } from "react";

import { ErrorBoundary } from "@/components/error-boundary";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { lazyNamed } from "@/lib/lazy-load";
import { type PostView, usePost } from "@/lib/posts";

import { FirstCommentStatus } from "./first-comment-status";
import { PostCard, platformLabel } from "./post-card";

// Only a published post has comments: their code loads when one is opened, not with every post list.
const PostComments = lazyNamed(() => import("@/components/inbox/post-comments"), "PostComments");

function Details({ brandId, post: initial }: { brandId: string; post: PostView }) {
  const query = usePost(brandId, initial.id, initial);
  const gone = query.error instanceof ApiError && query.error.status === 404;
  if (gone)
    return (
      <p className="text-sm text-muted-foreground" data-testid="post-details-gone">
        This post was deleted.
      </p>
    );
  const post = query.data ?? initial;
  return (
    <div className="grid gap-4">
      <PostCard post={post} brandId={brandId} variant="full" className="border-0 p-0" />
      <FirstCommentStatus post={post} brandId={brandId} />
      {post.state === "published" && (
        <ErrorBoundary
          fallback={({ retry }) => (
            <p className="text-sm text-muted-foreground">
              The comments could not be loaded.{" "}
              <button type="button" className="underline" onClick={retry}>
                Try again
              </button>
            </p>
          )}
        >
          <Suspense fallback={<Skeleton className="h-24" />}>
            <PostComments brandId={brandId} postId={post.id} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

/** The full post card in a dialog: opened from Recent Activity and from the lists' compact cards. */
export function PostDetailsDialog({
  brandId,
  post,
  onOpenChange,
}: {
  brandId: string;
  /** The post to show; null keeps the dialog closed. */
  post: PostView | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[90dvh] flex-col gap-4 overflow-hidden p-0 sm:max-w-xl"
        data-testid="post-details-dialog"
        // Focus the dialog itself, not its first icon button (whose tooltip would pop up and take Escape).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader className="px-4 pt-4 pr-14 text-left sm:px-6 sm:pt-6">
          <DialogTitle>Post Details</DialogTitle>
          <DialogDescription>
            {post ? `${platformLabel(post.platform)} post` : "Post"} with its state and the actions it allows.
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 overflow-y-auto px-4 pb-4 sm:px-6 sm:pb-6">
          {post && <Details key={post.id} brandId={brandId} post={post} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}
