import type { CreateTemplateInput } from "@smm/domain/web";
import { XIcon } from "lucide-react";
import { useState } from "react";
import { SelectField } from "@/components/select-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { EnhanceReviewDialog } from "./enhance-review-dialog";
import { PromptField } from "./prompt-field";
import { ReferenceImagesField } from "./reference-images-field";
import { templateCategoryOptions } from "./template-list";
import { usePromptEnhancer } from "./use-prompt-enhancer";
import { type TemplateFormValues, useTemplateForm } from "./use-template-form";

/** The create/edit form. Mounted per opening (keyed), so it starts from the given values each time. */
export function TemplateFormDialog({
  title,
  initial,
  brandId,
  saving,
  error,
  onSave,
  onClose,
}: {
  title: string;
  initial: TemplateFormValues;
  /** Uploads and Enhance act for the active brand. */
  brandId: string | undefined;
  saving: boolean;
  error: string | null;
  onSave: (values: CreateTemplateInput) => void;
  onClose: () => void;
}) {
  const form = useTemplateForm(initial);
  const { values } = form;
  const [uploading, setUploading] = useState(false);
  const enhancer = usePromptEnhancer(brandId, (field, text) => form.change(field, text));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (body) onSave(body);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="template-form">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              Prompts may use {"{brandName}"}, {"{industry}"}, {"{targetAudience}"}, {"{keyMessage}"},{" "}
              {"{contentTone}"} and {"{language}"}; they are filled in from your brand.
            </DialogDescription>
          </DialogHeader>
          {error && (
            <Alert variant="destructive" data-testid="template-form-error">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <div className="space-y-1.5">
            <Label htmlFor="template-name">Name</Label>
            <Input
              id="template-name"
              value={values.name}
              onChange={(e) => form.change("name", e.target.value)}
              aria-invalid={form.nameError ? true : undefined}
              aria-describedby={form.nameError ? "template-name-error" : undefined}
              data-testid="template-name"
            />
            {form.nameError && (
              <p id="template-name-error" className="text-sm text-destructive">
                {form.nameError}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="template-description">Description</Label>
            <Textarea
              id="template-description"
              rows={2}
              value={values.description}
              onChange={(e) => form.change("description", e.target.value)}
              data-testid="template-description"
            />
          </div>
          <SelectField
            id="template-category"
            label="Category"
            value={values.category}
            options={templateCategoryOptions.form}
            onChange={(category) => form.change("category", category)}
            testId="template-category"
          />
          <div className="space-y-1.5">
            <Label htmlFor="template-tag">Tags</Label>
            <div className="flex gap-2">
              <Input
                id="template-tag"
                value={form.tagDraft}
                placeholder="Type a tag and press Enter"
                onChange={(e) => form.setTagDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    form.addTag();
                  }
                }}
                data-testid="template-tag-input"
              />
              <Button type="button" variant="outline" onClick={form.addTag} disabled={!form.tagDraft.trim()}>
                Add
              </Button>
            </div>
            {values.tags.length > 0 && (
              <div className="flex flex-wrap gap-1.5" data-testid="template-tags">
                {values.tags.map((tag) => (
                  <Badge key={tag} variant="secondary" className="gap-1">
                    {tag}
                    <button
                      type="button"
                      aria-label={`Remove tag ${tag}`}
                      onClick={() => form.removeTag(tag)}
                    >
                      <XIcon className="size-3" aria-hidden="true" />
                    </button>
                  </Badge>
                ))}
              </div>
            )}
          </div>
          <PromptField
            id="template-prompt"
            label="Content prompt"
            value={values.promptTemplate}
            onChange={(value) => form.change("promptTemplate", value)}
            enhancing={enhancer.running === "promptTemplate"}
            canEnhance={enhancer.canEnhance(values.promptTemplate)}
            onEnhance={() => void enhancer.enhance("promptTemplate", values.promptTemplate)}
            testId="template-prompt"
          />
          <PromptField
            id="template-image-prompt"
            label="Image prompt"
            value={values.imagePromptTemplate}
            onChange={(value) => form.change("imagePromptTemplate", value)}
            enhancing={enhancer.running === "imagePromptTemplate"}
            canEnhance={enhancer.canEnhance(values.imagePromptTemplate)}
            onEnhance={() => void enhancer.enhance("imagePromptTemplate", values.imagePromptTemplate)}
            testId="template-image-prompt"
          />
          <ReferenceImagesField
            images={values.referenceImages}
            onChange={form.changeImages}
            brandId={brandId}
            onBusyChange={setUploading}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.canSave || saving || uploading} data-testid="template-save">
              {saving ? "Saving…" : uploading ? "Uploading…" : "Save Template"}
            </Button>
          </DialogFooter>
        </form>
        <EnhanceReviewDialog
          review={enhancer.review}
          onCancel={enhancer.cancel}
          onApply={enhancer.applyReview}
        />
      </DialogContent>
    </Dialog>
  );
}
