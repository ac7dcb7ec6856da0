import { CpuIcon, Loader2Icon, SparklesIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { ENHANCE_FAILED_MESSAGE, type EnhanceState } from "./use-enhancer";

/** The small "Enhance" button beside a field; disabled while the field is empty (core spec section 5). */
export function EnhanceButton({
  state,
  disabled,
  onClick,
  fieldLabel,
  testId,
}: {
  state: EnhanceState;
  disabled: boolean;
  onClick: () => void;
  fieldLabel: string;
  testId: string;
}) {
  const pending = state.status === "pending";
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-8 px-2 text-xs text-muted-foreground hover:text-foreground"
      disabled={disabled || pending}
      onClick={onClick}
      aria-label={`Enhance ${fieldLabel}`}
      data-testid={testId}
    >
      {pending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <SparklesIcon aria-hidden="true" />
      )}
      {pending ? "Enhancing..." : "Enhance"}
    </Button>
  );
}

/** The inline outcome of an Enhance: the spec's red message, or which model wrote the text. */
export function EnhanceStatus({
  state,
  testId,
  className,
}: {
  state: EnhanceState;
  testId: string;
  className?: string;
}) {
  if (state.status === "error")
    return (
      <p role="alert" className={cn("text-sm text-destructive", className)} data-testid={`${testId}-error`}>
        {ENHANCE_FAILED_MESSAGE}
      </p>
    );
  // The offline enhancer is a real implementation but not a large model: say so (ARCHITECTURE.md).
  if (state.status === "done" && state.model === "offline")
    return (
      <Badge
        variant="outline"
        className={cn("font-normal text-muted-foreground", className)}
        data-testid={`${testId}-model`}
      >
        <CpuIcon aria-hidden="true" />
        Offline model
      </Badge>
    );
  return null;
}
