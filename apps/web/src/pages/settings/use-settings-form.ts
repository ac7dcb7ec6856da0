import type { Brand } from "@smm/domain/web";
import type { FormEvent } from "react";
import { toast } from "sonner";
import type { z } from "zod";

import { fieldIds } from "./form-parts";
import {
  type DraftSource,
  type DraftValues,
  describeSaveError,
  type FieldErrors,
  useBrandDraft,
  validatePatch,
} from "./use-brand-draft";

export type SettingsFormOptions<T extends DraftValues, F extends keyof T & string, S extends z.ZodType> = {
  brand: Brand;
  /** The fields this form edits, in the order a failed save focuses them. */
  fields: readonly F[];
  idPrefix: string;
  /** The domain's partial-update schema: the same object the server validates with. */
  schema: S;
  toDraftSource: (brand: Brand) => DraftSource<T>;
  toPatch: (draft: T, keys: readonly F[]) => Record<string, unknown>;
  save: (brandId: string, patch: z.infer<S>) => Promise<Brand>;
  isSaving: boolean;
  messages: { saved: string; failed: string };
};

/**
 * One settings tab's form: the brand draft, live validation of what changed with the domain schema,
 * server errors on their fields, and a submit that focuses the first bad field or saves and toasts.
 */
export function useSettingsForm<T extends DraftValues, F extends keyof T & string, S extends z.ZodType>(
  options: SettingsFormOptions<T, F, S>,
) {
  const { fields, idPrefix, schema, toDraftSource, toPatch, save, isSaving, messages } = options;
  const form = useBrandDraft(toDraftSource(options.brand));
  const dirtyFields = form.dirtyKeys.filter((key): key is F => (fields as readonly string[]).includes(key));

  // Only what the user changed is checked live: stored values are valid, and a pristine form stays quiet.
  const validation = validatePatch(schema, toPatch(form.draft, dirtyFields), fields);
  const clientErrors: FieldErrors<F> = validation.ok ? {} : validation.errors;
  const errors: FieldErrors<F> = { ...form.serverErrors, ...clientErrors };
  const ids = Object.fromEntries(fields.map((field) => [field, fieldIds(idPrefix, field)])) as Record<
    F,
    ReturnType<typeof fieldIds>
  >;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.isDirty || isSaving) return;
    if (!validation.ok) {
      const first = fields.find((field) => validation.errors[field]);
      if (first) document.getElementById(ids[first].control)?.focus();
      return;
    }
    const submitted = form.draft;
    try {
      const saved = await save(form.brandId, validation.data);
      form.commit(toDraftSource(saved), submitted);
      toast.success(messages.saved);
    } catch (error) {
      const { message, fieldErrors } = describeSaveError(error, fields, messages.failed);
      // F is a subset of the draft keys, so its errors are the draft errors.
      form.setServerErrors(fieldErrors as FieldErrors<keyof T & string>);
      toast.error(message);
    }
  }

  return { form, errors, ids, handleSubmit };
}
