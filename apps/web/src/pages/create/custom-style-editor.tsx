import { CheckIcon, CircleAlertIcon, WandSparklesIcon } from "lucide-react";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** The custom prompt has 8 rows (connections spec section 9). */
const CUSTOM_PROMPT_ROWS = 8;

/**
 * The custom image style's prompt (connections spec: Custom image style). What is typed is a draft until
 * Apply Style, which is disabled while the draft is blank; the generator uses the applied prompt. A
 * template's image prompt arrives already applied (the template selector sets it).
 */
export function CustomStyleEditor({
  applied,
  onApply,
  error,
}: {
  applied: string;
  onApply: (prompt: string) => void;
  error: string | undefined;
}) {
  const [draft, setDraft] = useState(applied);
  // A prompt set from outside (a template, Clear) replaces the draft.
  useEffect(() => setDraft(applied), [applied]);
  const blank = draft.trim() === "";
  const isApplied = !blank && draft.trim() === applied.trim();
  return (
    <div className="grid gap-2" data-testid="custom-style-editor">
      <Label htmlFor="custom-image-prompt">Custom image prompt</Label>
      <Textarea
        id="custom-image-prompt"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={CUSTOM_PROMPT_ROWS}
        maxLength={4000}
        placeholder="A flat-lay of coffee beans on linen, morning light"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "custom-image-prompt-error" : undefined}
        data-testid="custom-image-prompt"
      />
      {error && (
        <p
          id="custom-image-prompt-error"
          className="flex items-start gap-1.5 text-sm text-destructive"
          data-testid="custom-image-prompt-error"
        >
          <CircleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          disabled={blank || isApplied}
          onClick={() => onApply(draft.trim())}
          data-testid="custom-style-apply"
        >
          <WandSparklesIcon aria-hidden="true" />
          Apply Style
        </Button>
        {isApplied && (
          <span
            className="flex items-center gap-1 text-xs text-muted-foreground"
            data-testid="custom-style-applied"
          >
            <CheckIcon className="size-3.5" aria-hidden="true" />
            Applied to the next post
          </span>
        )}
      </div>
    </div>
  );
}
