import { ImagesIcon } from "lucide-react";
import { Suspense, useState } from "react";

import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { lazyNamed } from "@/lib/lazy-load";
import type { PostView } from "@/lib/posts";
import { cn } from "@/lib/utils";

const MediaEditorForm = lazyNamed(() => import("./media-editor-form"), "MediaEditorForm");

/**
 * "Media" on a post that is not published yet (a generated post's card): opens the media editor (format,
 * images and videos, alt text, covers, crops, first comment) in a dialog that loads with its first opening.
 */
export function PostMediaButton({
  post,
  className,
  label = "Media",
}: {
  post: PostView;
  className?: string;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  if (post.postedAt || !post.availableActions.includes("edit")) return null;
  const count = post.media.length;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className={cn("h-10", className)}
        onClick={() => setOpen(true)}
        aria-label={`Edit the images, videos and first comment${count ? ` (${count} ${count === 1 ? "item" : "items"})` : ""}`}
        data-testid="post-media-edit"
      >
        <ImagesIcon aria-hidden="true" />
        {label}
        {count > 1 && <span className="text-muted-foreground">{count}</span>}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-h-[90dvh] overflow-y-auto p-4 sm:max-w-2xl sm:p-6"
          data-testid="media-editor-dialog"
        >
          <DialogHeader>
            <DialogTitle>Images, videos and first comment</DialogTitle>
            <DialogDescription>Choose the format, order the items and describe each image.</DialogDescription>
          </DialogHeader>
          <LazyPartBoundary open={open} onFailed={() => setOpen(false)}>
            <Suspense fallback={<Skeleton className="h-48 w-full" data-testid="media-editor-loading" />}>
              {open && <MediaEditorForm post={post} onClose={() => setOpen(false)} />}
            </Suspense>
          </LazyPartBoundary>
        </DialogContent>
      </Dialog>
    </>
  );
}
