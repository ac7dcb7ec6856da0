import { Loader2Icon } from "lucide-react";

/** The spec's "spinner while authentication loads"; it fades in late so quick checks never flash it. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div
      className="flex min-h-svh items-center justify-center bg-background"
      role="status"
      aria-live="polite"
    >
      <div className="animate-delayed-fade-in flex flex-col items-center gap-3 text-muted-foreground">
        <Loader2Icon className="size-6 animate-spin" aria-hidden="true" />
        <span className="text-sm">{label}…</span>
      </div>
    </div>
  );
}
