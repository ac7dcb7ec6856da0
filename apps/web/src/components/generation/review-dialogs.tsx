import { DENY_FEEDBACK_REQUIRED, MISSING_SCHEDULED_DATE, SCHEDULED_IN_PAST } from "@smm/domain/web";
import { CalendarCheckIcon, ThumbsDownIcon } from "lucide-react";
import { type FormEvent, useState } from "react";

import { FieldError } from "@/components/field-error";
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
import { defaultScheduleDate, fromLocalInputValue, type PostView, toLocalInputValue } from "@/lib/generation";

/**
 * The date-time field of the approve and schedule dialogs: each opening starts from the defaults (the AI's
 * optimal time when still ahead, else the next hour; the time moves on while the dialog is closed), nothing
 * before now can be chosen, and `read()` gives the date or puts the spec's message on the field.
 */
export function useFutureDateField(post: PostView, open: boolean) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [min, setMin] = useState("");
  const [openedWith, setOpenedWith] = useState(false);
  if (open !== openedWith) {
    setOpenedWith(open);
    if (open) {
      const now = new Date();
      setValue(toLocalInputValue(defaultScheduleDate(post, now)));
      setMin(toLocalInputValue(now));
      setError(null);
    }
  }
  return {
    value,
    min,
    error,
    change(next: string) {
      setValue(next);
      setError(null);
    },
    read(): Date | null {
      const date = fromLocalInputValue(value);
      if (!date) setError(MISSING_SCHEDULED_DATE);
      else if (date.getTime() <= Date.now()) setError(SCHEDULED_IN_PAST);
      else return date;
      return null;
    },
  };
}

/**
 * Approve with a date: the picker starts at the AI's optimal time when it is still ahead, otherwise at the
 * next full hour today; nothing before now can be chosen (core spec section 5: no scheduling in the past).
 */
export function ApproveDialog({
  post,
  open,
  onOpenChange,
  onApprove,
}: {
  post: PostView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApprove: (scheduledDate: Date) => void;
}) {
  const field = useFutureDateField(post, open);

  function submit(event: FormEvent) {
    event.preventDefault();
    const date = field.read();
    if (!date) return;
    onApprove(date);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="approve-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Approve and schedule</DialogTitle>
            <DialogDescription>
              Pick when this post goes out. It will wait in your Content Calendar until then.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="approve-date">Date and time</Label>
            <Input
              id="approve-date"
              type="datetime-local"
              value={field.value}
              min={field.min}
              onChange={(event) => field.change(event.target.value)}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={field.error ? "approve-date-error" : "approve-date-hint"}
              data-testid="approve-date"
            />
            {!field.error && (
              <p id="approve-date-hint" className="text-xs text-muted-foreground">
                Your local time
                {post.aiSuggestions?.optimal_time
                  ? "; we picked the AI's suggested time when it is still ahead."
                  : "."}
              </p>
            )}
            <FieldError id="approve-date-error" message={field.error} testId="approve-date-error" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" data-testid="approve-confirm">
              <CalendarCheckIcon aria-hidden="true" />
              Approve &amp; schedule
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deny needs a reason (core spec section 5); the words are kept if the server refuses. */
export function DenyDialog({
  open,
  onOpenChange,
  onDeny,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeny: (feedback: string) => void;
}) {
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = feedback.trim();
    if (!trimmed) {
      setError(DENY_FEEDBACK_REQUIRED);
      return;
    }
    onDeny(trimmed);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="deny-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Deny this post</DialogTitle>
            <DialogDescription>Tell us what is wrong so the next one fits better.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="deny-feedback">Feedback</Label>
            <Textarea
              id="deny-feedback"
              value={feedback}
              onChange={(event) => {
                setFeedback(event.target.value);
                setError(null);
              }}
              rows={4}
              maxLength={2000}
              placeholder="Too formal, wrong product, ..."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "deny-feedback-error" : undefined}
              data-testid="deny-feedback"
            />
            <FieldError id="deny-feedback-error" message={error} testId="deny-feedback-error" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              // Deny needs feedback: the button waits for it (spaces count as empty).
              disabled={feedback.trim() === ""}
              data-testid="deny-confirm"
            >
              <ThumbsDownIcon aria-hidden="true" />
              Deny post
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
