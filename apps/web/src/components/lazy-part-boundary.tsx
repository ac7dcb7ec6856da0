import { type ReactNode, useState } from "react";
import { toast } from "sonner";

import { ErrorBoundary } from "@/components/error-boundary";
import { isChunkLoadError } from "@/lib/lazy-load";

/**
 * Around a part that loads on demand (a dialog, the command palette): if it fails, the screen under it stays
 * as it was and a toast says so, with Reload. `onFailed` puts the opener back (the dialog counts as closed),
 * so the next opening is one click or key press, and it downloads the part again; while closed after a
 * failure nothing is fetched.
 */
export function LazyPartBoundary({
  children,
  open,
  onFailed,
}: {
  children: ReactNode;
  open: boolean;
  onFailed?: () => void;
}) {
  // A new attempt per opening: the count goes up when `open` turns true (set during render, React's way of
  // deriving state from a prop change).
  const [openings, setOpenings] = useState({ count: 0, open });
  if (open !== openings.open) setOpenings({ count: openings.count + (open ? 1 : 0), open });
  return (
    <ErrorBoundary
      resetKey={openings.count}
      fallback={() => null}
      onError={(error) => {
        onFailed?.();
        toast.error(
          isChunkLoadError(error)
            ? "This part of the app could not be loaded. Check your connection and reload."
            : "Something went wrong here. Reload the page to try again.",
          {
            id: "lazy-part-error",
            action: { label: "Reload", onClick: () => window.location.reload() },
          },
        );
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
