import { POST_CONTENT_EMPTY } from "@smm/domain/web";
import { CalendarClockIcon, SaveIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { FieldError } from "@/components/field-error";
import { useFutureDateField } from "@/components/generation/review-dialogs";
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
import { Textarea } from "@/components/ui/textarea";
import type { PostView } from "@/lib/generation";

/**
 * Edit the message: empty text is refused inline, unchanged text just closes, and on a failed save the
 * dialog stays open with what was typed (UI.md: nothing the user typed is lost on an error).
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
  /** Resolves when the server saved it; rejects to keep the dialog open. */
  onSave: (content: string) => Promise<unknown>;
}) {
  const [text, setText] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [openedWith, setOpenedWith] = useState(false);
  if (open !== openedWith) {
    setOpenedWith(open);
    if (open) {
      setText(post.content);
      setError(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(POST_CONTENT_EMPTY);
      return;
    }
    if (trimmed === post.content.trim()) {
      onOpenChange(false);
      return;
    }
    setSaving(true);
    try {
      await onSave(trimmed);
      onOpenChange(false);
    } catch {
      // The toast names the failure; the text stays for another try.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="edit-post-dialog" className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit message</DialogTitle>
            <DialogDescription>
              Change the text of this post. A published post is updated too.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`edit-post-${post.id}`}>Message</Label>
            <Textarea
              id={`edit-post-${post.id}`}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              rows={8}
              className="max-h-[50dvh]"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `edit-post-${post.id}-error` : undefined}
              data-testid="edit-post-text"
            />
            <FieldError id={`edit-post-${post.id}-error`} message={error} testId="edit-post-error" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" className="h-10" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              className="h-10"
              // The spec: Save is disabled while the text is empty (spaces count as empty).
              disabled={saving || text.trim() === ""}
              data-testid="edit-post-save"
            >
              <SaveIcon aria-hidden="true" />
              {saving ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
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
