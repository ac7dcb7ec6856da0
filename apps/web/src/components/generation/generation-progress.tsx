import { CircleAlertIcon, CircleCheckIcon, Loader2Icon } from "lucide-react";

import type { GenerationView } from "@/lib/generation";
import { cn } from "@/lib/utils";

/**
 * The generation's percent bar with its stage in words (core spec section 4: 5, 10, 15, 60, 70, 90, 100).
 * An accessible progressbar; the stage is announced politely as it changes.
 */
export function GenerationProgress({ view, className }: { view: GenerationView; className?: string }) {
  const { phase, percent, stage } = view;
  const failed = phase === "failed" || phase === "image_failed";
  const Icon = phase === "generating" ? Loader2Icon : failed ? CircleAlertIcon : CircleCheckIcon;
  return (
    <div className={cn("space-y-2", className)} data-testid="generation-progress" data-phase={phase}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span
          className={cn(
            "flex min-w-0 items-center gap-2 font-medium",
            failed ? "text-destructive" : phase === "ready" ? "text-success" : "text-foreground",
          )}
          aria-live="polite"
          data-testid="generation-stage"
        >
          <Icon
            className={cn("size-4 shrink-0", phase === "generating" && "animate-spin")}
            aria-hidden="true"
          />
          <span className="truncate">{stage}</span>
        </span>
        <span className="shrink-0 tabular-nums text-muted-foreground" data-testid="generation-percent">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Post generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% – ${stage}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        data-testid="generation-progressbar"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500 ease-out",
            failed ? "bg-destructive" : phase === "ready" ? "bg-success" : "bg-primary",
          )}
          style={{ width: `${Math.max(2, Math.min(100, percent))}%` }}
        />
      </div>
    </div>
  );
}
