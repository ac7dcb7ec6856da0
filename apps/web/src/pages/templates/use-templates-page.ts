import type { CreateTemplateInput } from "@smm/domain/web";
import { useState } from "react";
import { toast } from "sonner";

import {
  emptyTemplateValues,
  type TemplateFormValues,
  toFormValues,
} from "@/components/templates/use-template-form";
import { useActiveBrand } from "@/lib/brands";
import {
  type MyTemplateFilters,
  type TemplateView,
  useDeleteTemplate,
  useDuplicateTemplate,
  useMyTemplates,
  useSaveTemplate,
  useSetTemplateVisibility,
} from "@/lib/templates";

const SAVE_FAILED = "Failed to save template";

/** The form as opened: a new template, an edit of one, or an unsaved copy (duplicate). */
interface OpenForm {
  key: number;
  id: string | null;
  title: string;
  initial: TemplateFormValues;
}

/** The Content Templates screen's state: filters, the form, the preview, the delete confirmation. */
export function useTemplatesPage() {
  const brand = useActiveBrand();
  const brandId = brand.data?.id;
  const [filters, setFilters] = useState<MyTemplateFilters>({ search: "", category: "all" });
  const templates = useMyTemplates(brandId, filters);
  const save = useSaveTemplate(brandId);
  const remove = useDeleteTemplate();
  const visibility = useSetTemplateVisibility();
  const duplicate = useDuplicateTemplate();
  const [form, setForm] = useState<OpenForm | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TemplateView | null>(null);
  const [deleting, setDeleting] = useState<TemplateView | null>(null);

  const openForm = (id: string | null, title: string, initial: TemplateFormValues) => {
    setFormError(null);
    setForm({ key: Date.now(), id, title, initial });
  };

  return {
    /** The user has no brand yet: templates belong to a brand, so the screen offers to create one. */
    noBrand: brand.data === null,
    brandId,
    filters,
    setSearch: (search: string) => setFilters((f) => ({ ...f, search })),
    setCategory: (category: MyTemplateFilters["category"]) => setFilters((f) => ({ ...f, category })),
    templates,
    form,
    formError,
    saving: save.isPending,
    preview,
    setPreview,
    deleting,
    setDeleting,
    deletePending: remove.isPending,
    openNew: () => openForm(null, "New Template", emptyTemplateValues),
    openEdit: (template: TemplateView) => {
      setPreview(null);
      openForm(template.id, "Edit Template", toFormValues(template));
    },
    closeForm: () => setForm(null),
    duplicate: (template: TemplateView) =>
      duplicate.mutate(template.id, {
        onSuccess: (draft) => openForm(null, "Duplicate Template", toFormValues(draft)),
        onError: (error) => console.error("Failed to duplicate template", error),
      }),
    saveForm: (values: CreateTemplateInput) => {
      if (!form) return;
      setFormError(null);
      save.mutate(
        { id: form.id, values },
        {
          onSuccess: (saved) => {
            setForm(null);
            toast.success(`Template "${saved.name}" saved`);
          },
          // The form stays open with what was typed; the server's own message, else the spec's fallback.
          onError: (error) => setFormError(error.message || SAVE_FAILED),
        },
      );
    },
    confirmDelete: () => {
      if (!deleting) return;
      remove.mutate(deleting.id, {
        onSuccess: () => {
          toast.success("Template deleted");
          setDeleting(null);
        },
        onError: (error) => toast.error(error.message),
      });
    },
    toggleVisibility: (template: TemplateView) =>
      visibility.mutate(
        { id: template.id, isPublic: !template.isPublic },
        // Connections spec section 8: visibility errors are only logged.
        { onError: (error) => console.error("Failed to change template visibility", error) },
      ),
  };
}
