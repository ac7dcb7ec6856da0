import { useEffect, useState } from "react";
import type { z } from "zod";
import type { ApiIssue } from "@/lib/api";
import { ApiError } from "@/lib/api";

/** A form value as the settings tabs edit it: text, a switch or a list of text. */
type DraftValue = string | boolean | readonly string[];
export type DraftValues = Record<string, DraftValue>;

/** What the server holds for one brand, reduced to the form's shape. */
export type DraftSource<T extends DraftValues> = {
  brandId: string;
  brandName: string;
  /** Changes whenever the stored brand changes (its updatedAt), so a clean form can follow it. */
  version: string;
  values: T;
};

type DraftState<T extends DraftValues> = {
  brandId: string;
  brandName: string;
  version: string;
  baseline: T;
  draft: T;
};

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function sameValue(a: DraftValue | undefined, b: DraftValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((entry, index) => entry === b[index]);
  }
  return a === b;
}

export function changedKeys<T extends DraftValues>(draft: T, baseline: T): (keyof T & string)[] {
  return (Object.keys(draft) as (keyof T & string)[]).filter((key) => !sameValue(draft[key], baseline[key]));
}

function fromSource<T extends DraftValues>(source: DraftSource<T>): DraftState<T> {
  return {
    brandId: source.brandId,
    brandName: source.brandName,
    version: source.version,
    baseline: source.values,
    draft: source.values,
  };
}

/**
 * The editable copy of one brand's settings. It follows the stored brand (a save from the chat, another
 * tab, a brand switch) while the user has nothing unsaved, and never overwrites what they typed: unsaved
 * edits stay bound to the brand they were made for, so a brand switch cannot send them to the wrong brand.
 */
export function useBrandDraft<T extends DraftValues>(source: DraftSource<T>) {
  const [state, setState] = useState<DraftState<T>>(() => fromSource(source));
  const [serverErrors, setServerErrors] = useState<FieldErrors<keyof T & string>>({});
  const dirtyKeys = changedKeys(state.draft, state.baseline);
  const isDirty = dirtyKeys.length > 0;

  // Adjusting state while rendering (not in an effect) so a brand switch never paints the old values.
  if (!isDirty && (state.brandId !== source.brandId || state.version !== source.version)) {
    setState(fromSource(source));
    if (state.brandId !== source.brandId) setServerErrors({});
  }

  // A reload or closing the tab would drop the edits; the browser's own prompt is the honest warning.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  function setField<K extends keyof T & string>(key: K, value: T[K]) {
    setState((current) => ({ ...current, draft: { ...current.draft, [key]: value } }));
    setServerErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest as FieldErrors<keyof T & string>;
    });
  }

  function discard() {
    setState(fromSource(source));
    setServerErrors({});
  }

  /**
   * Takes the saved brand as the new baseline. A field edited again while the save was in flight keeps
   * the newer text, so nothing typed during "Saving..." is lost.
   */
  function commit(saved: DraftSource<T>, submitted: T) {
    setState((current) => {
      const draft = { ...current.draft };
      for (const key of Object.keys(draft) as (keyof T)[]) {
        if (sameValue(current.draft[key], submitted[key])) draft[key] = saved.values[key];
      }
      return { ...fromSource(saved), draft };
    });
    setServerErrors({});
  }

  return {
    draft: state.draft,
    baseline: state.baseline,
    /** The brand the edits belong to (and a save goes to), which may differ from the active one. */
    brandId: state.brandId,
    brandName: state.brandName,
    isOtherBrand: state.brandId !== source.brandId,
    dirtyKeys,
    isDirty,
    serverErrors,
    setServerErrors,
    setField,
    discard,
    commit,
  };
}

/** The first message per field, keyed by the field the issue's path starts with (e.g. "keyMessages.3"). */
export function issuesByField<K extends string>(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
  fields: readonly K[],
): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of issues) {
    const first = typeof issue.path === "string" ? issue.path.split(".")[0] : issue.path[0];
    const field = fields.find((candidate) => candidate === first);
    if (field && out[field] === undefined) out[field] = issue.message;
  }
  return out;
}

/** Client-side errors of a patch, from the domain's own schema. */
export function validatePatch<K extends string, S extends z.ZodType>(
  schema: S,
  patch: unknown,
  fields: readonly K[],
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors<K> } {
  const parsed = schema.safeParse(patch);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: issuesByField(parsed.error.issues, fields) };
}

/** The server's message for the toast, and its field issues for the form. */
export function describeSaveError<K extends string>(
  error: unknown,
  fields: readonly K[],
  fallback: string,
): { message: string; fieldErrors: FieldErrors<K> } {
  if (error instanceof ApiError) {
    const issues: ApiIssue[] = error.issues ?? [];
    return { message: error.message || fallback, fieldErrors: issuesByField(issues, fields) };
  }
  return { message: fallback, fieldErrors: {} };
}
