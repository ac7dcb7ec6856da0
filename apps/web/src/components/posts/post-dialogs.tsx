import { CalendarClockIcon } from "lucide-react";
import { type FormEvent, type ReactNode, Suspense } from "react";
import { FieldError } from "@/components/field-error";
import { useFutureDateField } from "@/components/generation/review-dialogs";
import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import type { PostView } from "@/lib/generation";
import { lazyNamed } from "@/lib/lazy-load";

const EditPostForm = lazyNamed(() => import("./media-editor/edit-post-form"), "EditPostForm");

function EditPostSkeleton() {
  return (
    <div className="grid gap-5" data-testid="edit-post-loading">
      <Skeleton className="h-36 w-full" />
      <div className="flex gap-2">
        <Skeleton className="size-32" />
        <Skeleton className="size-32" />
      </div>
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

/**
 * Edit the post: its message, its media (format, order, alt text, covers, crops) and its first comment.
 * Empty text is refused inline, unchanged content just closes, and on a failed save the dialog stays open
 * with what was typed (UI.md: nothing the user typed is lost on an error). The form loads with the dialog.
 */
export function EditPostDialog({
  post,
  open,
  onOpenChange,
  onSave,
}: {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves when the server saved the text; rejects to keep the dialog open. */
  onSave: (content: string) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="edit-post-dialog"
        className="max-h-[90dvh] overflow-y-auto p-4 sm:max-w-2xl sm:p-6"
      >
        <DialogHeader>
          <DialogTitle>Edit post</DialogTitle>
          <DialogDescription>
            Change the text, images and videos of this post. A published post is updated too (its text).
          </DialogDescription>
        </DialogHeader>
        <LazyPartBoundary open={open} onFailed={() => onOpenChange(false)}>
          <Suspense fallback={<EditPostSkeleton />}>
            {open && <EditPostForm post={post} onSave={onSave} onClose={() => onOpenChange(false)} />}
          </Suspense>
        </LazyPartBoundary>
      </DialogContent>
    </Dialog>
  );
}

/** Give an approved post a date: the picker starts at the next full hour and refuses the past. */
export function ScheduleDialog({
  post,
  open,
  onOpenChange,
  onSchedule,
}: {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSchedule: (date: Date) => void;
}) {
  const field = useFutureDateField(post, open);

  function submit(event: FormEvent) {
    event.preventDefault();
    const date = field.read();
    if (!date) return;
    onSchedule(date);
    onOpenChange(false);
  }

  const inputId = `schedule-post-${post.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="schedule-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Schedule post</DialogTitle>
            <DialogDescription>Pick when this post goes out.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Date and time</Label>
            <Input
              id={inputId}
              type="datetime-local"
              value={field.value}
              min={field.min}
              onChange={(event) => field.change(event.target.value)}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={field.error ? `${inputId}-error` : undefined}
              data-testid="schedule-date"
            />
            <FieldError id={`${inputId}-error`} message={field.error} testId="schedule-date-error" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" className="h-10" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" className="h-10" data-testid="schedule-confirm">
              <CalendarClockIcon aria-hidden="true" />
              Schedule
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A yes/no question before something that cannot be undone (delete, cancel a scheduled post). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  testId,
  icon,
  tone = "destructive",
  cancelLabel = "Keep it",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  testId: string;
  icon?: ReactNode;
  /** Destructive for what takes something away; default for a go-ahead such as Post now. */
  tone?: "destructive" | "default";
  cancelLabel?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" className="h-10" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone}
            className="h-10"
            data-testid={`${testId}-confirm`}
            onClick={() => {
              onConfirm();
              onOpenChange(false);
            }}
          >
            {icon}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
