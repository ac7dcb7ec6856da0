import { Loader2Icon, Trash2Icon } from "lucide-react";
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

/** Remove asks first: it deletes the watermark's files, which no Discard can bring back. */
export function WatermarkRemoveDialog({
  disabled,
  isRemoving,
  onConfirm,
}: {
  disabled: boolean;
  isRemoving: boolean;
  /** Resolves true when the watermark was removed (the dialog then closes). */
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);

  function changeOpen(next: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!next && isRemoving) return;
    setOpen(next);
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="watermark-remove"
      >
        <Trash2Icon aria-hidden="true" />
        Remove
      </Button>
      <Dialog open={open} onOpenChange={changeOpen}>
        <DialogContent className="sm:max-w-md" data-testid="watermark-remove-dialog">
          <DialogHeader>
            <DialogTitle>Remove watermark?</DialogTitle>
            <DialogDescription>
              Your watermark image is deleted and its placement reset. New posts are generated without a
              watermark until you upload and save one again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={isRemoving}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={isRemoving}
              onClick={async () => {
                if (await onConfirm()) setOpen(false);
              }}
              data-testid="watermark-remove-confirm"
            >
              {isRemoving && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              Remove watermark
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
