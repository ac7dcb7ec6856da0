import { templatesEmptyText } from "@smm/domain/web";
import {
  CopyIcon,
  EyeIcon,
  FileTextIcon,
  GlobeIcon,
  LockIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { NoBrandState } from "@/components/no-brand-state";
import { PageIntro } from "@/components/page-intro";
import { SelectField } from "@/components/select-field";
import { TemplateCard } from "@/components/templates/template-card";
import { TemplateFormDialog } from "@/components/templates/template-form-dialog";
import {
  TemplateCardAction,
  TemplateResults,
  templateCategoryOptions,
} from "@/components/templates/template-list";
import { TemplatePreviewDialog } from "@/components/templates/template-preview-dialog";
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
import { useTemplatesPage } from "./use-templates-page";

export function TemplatesPage() {
  const page = useTemplatesPage();
  const list = page.templates.data ?? [];
  return (
    <>
      <PageIntro
        heading="Content Templates"
        description="Reusable prompts for posts and images."
        actions={
          <Button onClick={page.openNew} data-testid="template-new">
            <PlusIcon aria-hidden="true" />
            New Template
          </Button>
        }
      />
      <div className="mb-6 grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_14rem]">
        <div className="space-y-1.5">
          <Label htmlFor="templates-search">Search</Label>
          <Input
            id="templates-search"
            type="search"
            placeholder="Search your templates"
            value={page.filters.search}
            onChange={(e) => page.setSearch(e.target.value)}
            data-testid="templates-search"
          />
        </div>
        <SelectField
          id="templates-category"
          label="Category"
          value={page.filters.category}
          options={templateCategoryOptions.filter}
          onChange={page.setCategory}
        />
      </div>

      {page.noBrand ? (
        <NoBrandState
          purpose="Your prompt templates are kept per brand and listed here"
          testId="templates-no-brand"
        />
      ) : (
        <TemplateResults
          state={page.templates}
          count={list.length}
          empty={
            <EmptyState icon={FileTextIcon} {...templatesEmptyText(page.filters)} testId="templates-empty" />
          }
          testId="templates-grid"
        >
          {list.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              actions={
                <>
                  <TemplateCardAction
                    icon={EyeIcon}
                    onClick={() => page.setPreview(template)}
                    aria-label={`Preview ${template.name}`}
                  />
                  <TemplateCardAction
                    icon={PencilIcon}
                    onClick={() => page.openEdit(template)}
                    aria-label={`Edit ${template.name}`}
                    data-testid="template-edit"
                  />
                  <TemplateCardAction
                    icon={CopyIcon}
                    onClick={() => page.duplicate(template)}
                    aria-label={`Duplicate ${template.name}`}
                    data-testid="template-duplicate"
                  />
                  <TemplateCardAction
                    icon={template.isPublic ? GlobeIcon : LockIcon}
                    onClick={() => page.toggleVisibility(template)}
                    aria-label={
                      template.isPublic ? `Make ${template.name} private` : `Make ${template.name} public`
                    }
                    data-testid="template-visibility"
                  >
                    {template.isPublic ? "Public" : "Private"}
                  </TemplateCardAction>
                  <TemplateCardAction
                    icon={Trash2Icon}
                    onClick={() => page.setDeleting(template)}
                    aria-label={`Delete ${template.name}`}
                    data-testid="template-delete"
                  />
                </>
              }
            />
          ))}
        </TemplateResults>
      )}

      <TemplatePreviewDialog
        template={page.preview}
        onClose={() => page.setPreview(null)}
        action={
          page.preview && (
            <Button onClick={() => page.preview && page.openEdit(page.preview)}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          )
        }
      />
      {page.form && (
        <TemplateFormDialog
          key={page.form.key}
          title={page.form.title}
          initial={page.form.initial}
          brandId={page.brandId}
          saving={page.saving}
          error={page.formError}
          onSave={page.saveForm}
          onClose={page.closeForm}
        />
      )}
      <Dialog open={page.deleting !== null} onOpenChange={(open) => !open && page.setDeleting(null)}>
        <DialogContent data-testid="template-delete-dialog">
          <DialogHeader>
            <DialogTitle>Delete template?</DialogTitle>
            <DialogDescription>
              “{page.deleting?.name}” will be deleted. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => page.setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={page.confirmDelete}
              disabled={page.deletePending}
              data-testid="template-delete-confirm"
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
