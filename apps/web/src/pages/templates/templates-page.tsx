import {
  templateCategories,
  templateCategoryLabels,
  templatesEmptyText,
} from "@smm/domain/templates/schemas";
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
import { TemplateCard } from "@/components/templates/template-card";
import { TemplateFormDialog } from "@/components/templates/template-form-dialog";
import { TemplatePreviewDialog } from "@/components/templates/template-preview-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import type { MyTemplateFilters } from "@/lib/templates";
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
        <div className="space-y-1.5">
          <Label htmlFor="templates-category">Category</Label>
          <Select
            value={page.filters.category}
            onValueChange={(v) => page.setCategory(v as MyTemplateFilters["category"])}
          >
            <SelectTrigger id="templates-category" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Categories</SelectItem>
              {templateCategories.map((category) => (
                <SelectItem key={category} value={category}>
                  {templateCategoryLabels[category]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {page.noBrand ? (
        <NoBrandState
          purpose="Your prompt templates are kept per brand and listed here"
          testId="templates-no-brand"
        />
      ) : page.templates.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{page.templates.error.message}</AlertDescription>
        </Alert>
      ) : page.templates.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={FileTextIcon} {...templatesEmptyText(page.filters)} testId="templates-empty" />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="templates-grid">
          {list.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              actions={
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => page.setPreview(template)}
                    aria-label={`Preview ${template.name}`}
                  >
                    <EyeIcon aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => page.openEdit(template)}
                    aria-label={`Edit ${template.name}`}
                    data-testid="template-edit"
                  >
                    <PencilIcon aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => page.duplicate(template)}
                    aria-label={`Duplicate ${template.name}`}
                    data-testid="template-duplicate"
                  >
                    <CopyIcon aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => page.toggleVisibility(template)}
                    aria-label={
                      template.isPublic ? `Make ${template.name} private` : `Make ${template.name} public`
                    }
                    data-testid="template-visibility"
                  >
                    {template.isPublic ? <GlobeIcon aria-hidden="true" /> : <LockIcon aria-hidden="true" />}
                    {template.isPublic ? "Public" : "Private"}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => page.setDeleting(template)}
                    aria-label={`Delete ${template.name}`}
                    data-testid="template-delete"
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </>
              }
            />
          ))}
        </div>
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
