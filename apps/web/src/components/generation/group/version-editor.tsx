import { MAX_POST_LENGTH } from "@smm/domain/web";
import { CheckIcon, Loader2Icon, XIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** A version's text, edited in place: Save sends it (PATCH), Escape or Cancel puts it back. */
export function VersionEditor({
  label,
  value,
  error,
  saving,
  describedBy,
  onChange,
  onSave,
  onCancel,
}: {
  label: string;
  value: string;
  error: string | null;
  saving: boolean;
  /** The counter's reason, when the draft is over. */
  describedBy: string | undefined;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="sr-only">
        {label} text
      </Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            onCancel();
          }
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            onSave();
          }
        }}
        rows={6}
        maxLength={MAX_POST_LENGTH}
        className="min-h-32 text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, describedBy].filter(Boolean).join(" ") || undefined}
        data-testid="version-editor"
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" className="h-9" onClick={onSave} disabled={saving} data-testid="version-save">
          {saving ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <CheckIcon aria-hidden="true" />
          )}
          Save text
        </Button>
        <Button size="sm" variant="ghost" className="h-9" onClick={onCancel} disabled={saving}>
          <XIcon aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </div>
  );
}
