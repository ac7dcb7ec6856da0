import type { TextFit } from "@/lib/text-count";
import { cn } from "@/lib/utils";

/**
 * "N / max" for a post's text, counted the network's way (the count the server approves by); red, with
 * the reason under it, when the text is over. `reasonId` lets the blocked buttons point at the reason.
 */
export function TextCounter({
  fit,
  reason,
  note = null,
  reasonId,
  testId,
  className,
}: {
  fit: TextFit;
  reason: string | null;
  /** How the network will send a text that fits but not beside the image (Telegram's caption limit). */
  note?: string | null;
  reasonId: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-1", className)}>
      <p
        className={cn(
          "text-xs tabular-nums",
          fit.over ? "font-medium text-destructive" : "text-muted-foreground",
        )}
        data-testid={testId}
        data-count={fit.count}
        data-max={fit.max}
        data-over={fit.over}
      >
        {fit.count.toLocaleString()} / {fit.max.toLocaleString()}
        <span className="sr-only"> characters{fit.over ? ", over the limit" : ""}</span>
      </p>
      {reason ? (
        <p id={reasonId} className="text-xs text-destructive" data-testid={`${testId}-reason`}>
          {reason}
        </p>
      ) : null}
      {note ? (
        <p className="text-xs text-muted-foreground" data-testid={`${testId}-note`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
