import { CpuIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

import type { EnhanceReview } from "./use-prompt-enhancer";

const FIELD_LABELS = { promptTemplate: "content prompt", imagePromptTemplate: "image prompt" } as const;

/** The enhanced-prompt review (connections spec modals): the suggestion beside the current text. */
export function EnhanceReviewDialog({
  review,
  onCancel,
  onApply,
}: {
  review: EnhanceReview | null;
  onCancel: () => void;
  onApply: () => void;
}) {
  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="enhance-review">
        <DialogHeader>
          <DialogTitle>Enhanced {review ? FIELD_LABELS[review.field] : "prompt"}</DialogTitle>
          <DialogDescription>Review the suggestion. Apply Changes replaces the field.</DialogDescription>
        </DialogHeader>
        {review && (
          <div className="space-y-3 text-sm">
            <div className="space-y-1">
              <p className="font-medium">Enhanced</p>
              <p
                className="whitespace-pre-wrap rounded-md border bg-muted/40 p-3"
                data-testid="enhance-review-enhanced"
              >
                {review.enhanced}
              </p>
              {review.model === "offline" && (
                <Badge variant="outline" className="font-normal text-muted-foreground">
                  <CpuIcon aria-hidden="true" />
                  Offline model
                </Badge>
              )}
            </div>
            <div className="space-y-1">
              <p className="font-medium text-muted-foreground">Current</p>
              <p className="whitespace-pre-wrap rounded-md border p-3 text-muted-foreground">
                {review.original}
              </p>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} data-testid="enhance-review-cancel">
            Cancel
          </Button>
          <Button type="button" onClick={onApply} data-testid="enhance-review-apply">
            Apply Changes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
