import { clsx } from "clsx";
import { SparklesIcon } from "lucide-react";

// clsx, not cn: callers never pass conflicting utilities, and the landing page stays free of tailwind-merge.
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-primary to-brand-secondary text-white shadow-sm",
        className,
      )}
      aria-hidden="true"
    >
      <SparklesIcon className="size-4" />
    </span>
  );
}

/** `className` must not set `display` (it is inline-flex); wrap the logo to hide it responsively. */
export function Logo({
  className,
  textClassName,
  compact = false,
}: {
  className?: string;
  textClassName?: string;
  compact?: boolean;
}) {
  return (
    <span className={clsx("inline-flex items-center gap-2.5 font-semibold tracking-tight", className)}>
      <LogoMark />
      {!compact && <span className={textClassName}>Social Media Manager</span>}
    </span>
  );
}
