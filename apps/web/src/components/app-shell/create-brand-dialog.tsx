import { MAX_BRAND_NAME_LENGTH } from "@smm/domain/web";
import { Loader2Icon } from "lucide-react";
import { useId } from "react";

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

import { useCreateBrandDialog } from "./use-create-brand-dialog";

/** Names a new brand; the name must be non-empty after trimming (core spec section 2), checked as the server does. */
export function CreateBrandDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dialog = useCreateBrandDialog(onOpenChange);
  const inputId = useId();
  const errorId = useId();

  return (
    <Dialog open={open} onOpenChange={dialog.setOpen}>
      <DialogContent className="sm:max-w-md" data-testid="create-brand-dialog">
        <form onSubmit={dialog.submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>New brand</DialogTitle>
            <DialogDescription>
              Each brand keeps its own posts, colours and profile. The new brand becomes the active one.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Brand name</Label>
            <Input
              id={inputId}
              value={dialog.name}
              placeholder="e.g. Bean There Coffee"
              autoComplete="organization"
              maxLength={MAX_BRAND_NAME_LENGTH}
              aria-invalid={dialog.error ? true : undefined}
              aria-describedby={dialog.error ? errorId : undefined}
              onChange={(event) => dialog.changeName(event.target.value)}
              data-testid="new-brand-name-input"
            />
            {dialog.error ? (
              <p
                id={errorId}
                role="alert"
                className="text-sm text-destructive"
                data-testid="new-brand-name-error"
              >
                {dialog.error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => dialog.setOpen(false)}
              disabled={dialog.creating}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={dialog.creating} data-testid="new-brand-submit">
              {dialog.creating ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              Create brand
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
