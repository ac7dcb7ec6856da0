import { CircleAlertIcon, Loader2Icon } from "lucide-react";
import type * as React from "react";
import { CLEAR_OF_ASSISTANT_BUTTON } from "@/components/assistant/assistant-frame";
import { FieldError } from "@/components/field-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** Ids that tie a label, a hint and an error message to one control. */
export function fieldIds(prefix: string, field: string) {
  return {
    control: `${prefix}-${field}`,
    hint: `${prefix}-${field}-hint`,
    error: `${prefix}-${field}-error`,
  };
}

export function describedBy(ids: ReturnType<typeof fieldIds>, hint: boolean, error: string | undefined) {
  // The hint gives way to the error (Field renders one or the other), so only the visible one is referenced.
  const parts = [hint && !error ? ids.hint : null, error ? ids.error : null].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

/** A label, the control, an optional hint and the field's error right under it. */
export function Field({
  ids,
  label,
  optional,
  hint,
  error,
  testId,
  className,
  children,
}: {
  ids: ReturnType<typeof fieldIds>;
  label: string;
  optional?: boolean;
  hint?: React.ReactNode;
  error?: string | undefined;
  testId: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={ids.control}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children}
      {hint && !error && (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={ids.error} message={error} testId={`${testId}-error`} />
    </div>
  );
}

/** The settings forms' field error is the app's one (components/field-error.tsx). */
export { FieldError };

/** A titled group of fields inside a settings card. */
export function FormSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("grid gap-5 p-5 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:gap-8 md:p-6", className)}
    >
      <div className="space-y-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="grid min-w-0 gap-5">{children}</div>
    </section>
  );
}

/**
 * Discard and Save, kept in view at the bottom of the screen while the form scrolls (on a phone the Save
 * button would otherwise be far below the field being edited).
 */
export function FormActions({
  isDirty,
  isSaving,
  onDiscard,
  testIdPrefix,
}: {
  isDirty: boolean;
  isSaving: boolean;
  onDiscard: () => void;
  testIdPrefix: string;
}) {
  return (
    <div
      className={`sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-b-xl border-t bg-card/90 py-3 pl-5 backdrop-blur supports-[backdrop-filter]:bg-card/75 md:pl-6 ${CLEAR_OF_ASSISTANT_BUTTON}`}
    >
      <p
        className="mr-auto basis-full text-sm text-muted-foreground sm:basis-auto"
        aria-live="polite"
        data-testid={`${testIdPrefix}-status`}
      >
        {isSaving ? "Saving your changes..." : isDirty ? "You have unsaved changes" : "No unsaved changes"}
      </p>
      {isDirty && !isSaving && (
        <Button type="button" variant="ghost" onClick={onDiscard} data-testid={`${testIdPrefix}-discard`}>
          Discard
        </Button>
      )}
      <Button type="submit" disabled={!isDirty || isSaving} data-testid={`${testIdPrefix}-save`}>
        {isSaving && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {isSaving ? "Saving..." : "Save"}
      </Button>
    </div>
  );
}

/** Shown when the active brand changed under unsaved edits: they still belong to (and save to) the old one. */
export function OtherBrandNotice({ brandName }: { brandName: string }) {
  return (
    <Alert className="mb-4" data-testid="settings-other-brand-notice">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>
        You switched brands with unsaved changes. They belong to "{brandName}": Save sends them there, Discard
        loads the active brand.
      </AlertDescription>
    </Alert>
  );
}
