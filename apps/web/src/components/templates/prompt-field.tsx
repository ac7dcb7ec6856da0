import { Loader2Icon, SparklesIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** Template prompts are 6 rows (connections spec section 9). */
const PROMPT_ROWS = 6;

/** A template prompt with its Enhance button (disabled when empty or while another enhance runs). */
export function PromptField({
  id,
  label,
  value,
  onChange,
  enhancing,
  canEnhance,
  onEnhance,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  enhancing: boolean;
  canEnhance: boolean;
  onEnhance: () => void;
  testId: string;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-xs text-muted-foreground hover:text-foreground"
          disabled={!canEnhance}
          onClick={onEnhance}
          aria-label={`Enhance ${label.toLowerCase()}`}
          data-testid={`${testId}-enhance`}
        >
          {enhancing ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SparklesIcon aria-hidden="true" />
          )}
          {enhancing ? "Enhancing..." : "Enhance"}
        </Button>
      </div>
      <Textarea
        id={id}
        rows={PROMPT_ROWS}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </div>
  );
}
