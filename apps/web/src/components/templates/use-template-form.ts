import {
  createTemplateInput,
  normaliseTags,
  TEMPLATE_NAME_REQUIRED,
  type TemplateCategory,
} from "@smm/domain/web";
import { useState } from "react";

import type { TemplateDraft, TemplateImageView, TemplateView } from "@/lib/templates";

export interface TemplateFormValues {
  name: string;
  description: string;
  category: TemplateCategory;
  tags: string[];
  promptTemplate: string;
  imagePromptTemplate: string;
  referenceImages: TemplateImageView[];
}

export const emptyTemplateValues: TemplateFormValues = {
  name: "",
  description: "",
  category: "general",
  tags: [],
  promptTemplate: "",
  imagePromptTemplate: "",
  referenceImages: [],
};

export function toFormValues(source: TemplateView | TemplateDraft): TemplateFormValues {
  return {
    name: source.name,
    description: source.description ?? "",
    category: source.category,
    tags: source.tags,
    promptTemplate: source.promptTemplate ?? "",
    imagePromptTemplate: source.imagePromptTemplate ?? "",
    referenceImages: source.referenceImages,
  };
}

/** The form's fields, the tag being typed and the checks of the domain's own schema. */
export function useTemplateForm(initial: TemplateFormValues) {
  const [values, setValues] = useState(initial);
  const [tagDraft, setTagDraft] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);

  const change = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === "name") setNameError(null);
  };

  /** Enter (or the Add button) adds the typed tag: trimmed, non-empty, unique. */
  const addTag = () => {
    setValues((current) => ({ ...current, tags: normaliseTags([...current.tags, tagDraft]) }));
    setTagDraft("");
  };
  const changeImages = (update: (current: TemplateImageView[]) => TemplateImageView[]) =>
    setValues((current) => ({ ...current, referenceImages: update(current.referenceImages) }));
  const removeTag = (tag: string) =>
    setValues((current) => ({ ...current, tags: current.tags.filter((t) => t !== tag) }));

  /** The body to send, or null (with the field's message) when the schema refuses it. */
  const validate = () => {
    const body = {
      name: values.name,
      description: values.description.trim() || null,
      category: values.category,
      tags: values.tags,
      promptTemplate: values.promptTemplate.trim() || null,
      imagePromptTemplate: values.imagePromptTemplate.trim() || null,
      referenceImageIds: values.referenceImages.map((image) => image.id),
    };
    const parsed = createTemplateInput.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setNameError(issue?.path[0] === "name" ? TEMPLATE_NAME_REQUIRED : (issue?.message ?? null));
      return null;
    }
    return body;
  };

  return {
    values,
    change,
    tagDraft,
    setTagDraft,
    addTag,
    removeTag,
    changeImages,
    nameError,
    validate,
    canSave: values.name.trim() !== "",
  };
}
