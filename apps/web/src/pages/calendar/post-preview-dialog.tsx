import type { Brand } from "@smm/domain/web";
import { CalendarClockIcon, CalendarXIcon } from "lucide-react";

import { PostStateBadge } from "@/components/generation/generated-post-card";
import { GeneratedPostPreview } from "@/components/generation/post-preview";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { type CalendarPostView, calendarTime, dayKey, formatLongDay, formatTime } from "@/lib/calendar";
import { usePost } from "@/lib/posts";

import { CalendarPostChip } from "./post-chip";

function whenText(post: CalendarPostView): string {
  const time = calendarTime(post);
  if (!time) return "Not scheduled yet";
  const date = new Date(time);
  const verb = post.state === "published" ? "Published" : "Scheduled for";
  return `${verb} ${formatLongDay(date)} at ${formatTime(time)}`;
}

/** The grid only holds an excerpt: the preview reads the whole post (text, image) when it opens. */
function WholePost({ postId, brand }: { postId: string; brand: Brand }) {
  const query = usePost(brand.id, postId);
  if (query.data) return <GeneratedPostPreview post={query.data} brand={brand} />;
  if (query.isError)
    return (
      <p className="text-sm text-muted-foreground" role="alert" data-testid="post-preview-error">
        {query.error instanceof ApiError && query.error.status === 404
          ? "This post was deleted."
          : "Could not load this post. Close the preview and try again."}
      </p>
    );
  return (
    <div className="space-y-3" role="status" aria-label="Loading the post" data-testid="post-preview-loading">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="aspect-square w-full" />
    </div>
  );
}

/** The Post Preview modal: the post as its network shows it, when it goes (or went) out, and Unschedule. */
export function PostPreviewDialog({
  post,
  brand,
  onClose,
  onUnschedule,
  unscheduling,
}: {
  post: CalendarPostView | null;
  brand: Brand;
  onClose: () => void;
  onUnschedule: (post: CalendarPostView) => void;
  unscheduling: boolean;
}) {
  return (
    <Dialog open={post !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
        data-testid="post-preview-dialog"
      >
        {post && (
          <>
            <DialogHeader>
              <DialogTitle>Post Preview</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <CalendarClockIcon className="size-4" aria-hidden="true" />
                <span data-testid="post-preview-when">{whenText(post)}</span>
              </DialogDescription>
              <div>
                <PostStateBadge state={post.state} />
              </div>
            </DialogHeader>
            <WholePost postId={post.id} brand={brand} />
            <DialogFooter>
              {post.state === "scheduled" && (
                <Button
                  variant="outline"
                  onClick={() => onUnschedule(post)}
                  disabled={unscheduling}
                  data-testid="post-preview-unschedule"
                >
                  <CalendarXIcon aria-hidden="true" />
                  Unschedule
                </Button>
              )}
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A day's posts as a list ("+N more", or a tap on a day on a phone). */
export function DayPostsDialog({
  day,
  posts,
  onClose,
  onOpenPost,
}: {
  day: string | null;
  posts: CalendarPostView[];
  onClose: () => void;
  onOpenPost: (post: CalendarPostView) => void;
}) {
  const date = day ? new Date(`${day}T00:00:00`) : null;
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="day-posts-dialog">
        <DialogHeader>
          <DialogTitle>{date ? formatLongDay(date) : "Posts"}</DialogTitle>
          <DialogDescription>
            {posts.length === 0
              ? "No posts on this day."
              : `${posts.length} ${posts.length === 1 ? "post" : "posts"} on this day. Select one to preview it.`}
          </DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2">
          {posts.map((post) => (
            <li key={post.id} data-day={date ? dayKey(date) : undefined}>
              <CalendarPostChip post={post} onOpen={onOpenPost} draggable={false} />
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
