import { Loader2Icon, UnplugIcon } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** Disconnect asks first: scheduled posts stop reaching the page until it is connected again. */
export function DisconnectDialog({
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  testId,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  /** Resolves true when the disconnect went through (the dialog then closes). */
  onConfirm: () => Promise<boolean>;
  testId: string;
}) {
  const [open, setOpen] = useState(false);

  function changeOpen(next: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!next && pending) return;
    setOpen(next);
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <UnplugIcon aria-hidden="true" />
        Disconnect
      </Button>
      <Dialog open={open} onOpenChange={changeOpen}>
        <DialogContent className="sm:max-w-md" data-testid={`${testId}-dialog`}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={pending}
              onClick={async () => {
                if (await onConfirm()) setOpen(false);
              }}
              data-testid={`${testId}-confirm`}
            >
              {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
