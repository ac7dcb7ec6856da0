import { templateCategoryLabels } from "@smm/domain/web";
import type * as React from "react";

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { TemplateView } from "@/lib/templates";

/** The template preview: every field, read-only, with the screen's own action (edit, or copy and edit). */
export function TemplatePreviewDialog({
  template,
  onClose,
  action,
}: {
  template: TemplateView | null;
  onClose: () => void;
  action?: React.ReactNode;
}) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="template-preview">
        {template && (
          <>
            <DialogHeader>
              <DialogTitle>{template.name}</DialogTitle>
              <DialogDescription>
                {templateCategoryLabels[template.category]}
                {template.creatorName ? ` · by ${template.creatorName}` : ""} · {template.usageCount} uses
              </DialogDescription>
            </DialogHeader>
            {template.description && <p className="text-sm">{template.description}</p>}
            <section className="space-y-1">
              <h3 className="text-sm font-medium">Content Prompt</h3>
              <p
                className="whitespace-pre-wrap rounded-md bg-muted p-3 text-sm"
                data-testid="template-preview-prompt"
              >
                {template.promptTemplate || "No content prompt."}
              </p>
            </section>
            {template.imagePromptTemplate && (
              <section className="space-y-1">
                <h3 className="text-sm font-medium">Image Prompt</h3>
                <p className="whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">
                  {template.imagePromptTemplate}
                </p>
              </section>
            )}
            {template.tags.length > 0 && (
              <p className="text-sm text-muted-foreground">Tags: {template.tags.join(", ")}</p>
            )}
            {template.referenceImages.length > 0 && (
              <div className="flex flex-wrap gap-2">
                {template.referenceImages.map((image) => (
                  <img
                    key={image.id}
                    src={image.url}
                    alt=""
                    className="size-20 rounded-md border object-cover"
                  />
                ))}
              </div>
            )}
            {action && <DialogFooter>{action}</DialogFooter>}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
