import { Suspense, useEffect } from "react";

import { LazyPartBoundary } from "@/components/lazy-part-boundary";
import { setCommandPaletteOpen, useCommandPaletteOpen } from "@/lib/command-palette";
import { lazyNamed } from "@/lib/lazy-load";
import { useOpenedOnce } from "@/lib/use-opened-once";

// The palette's code (cmdk, its dialog) loads with its first opening: most visits never open it.
const CommandPaletteDialog = lazyNamed(() => import("./command-palette-dialog"), "CommandPaletteDialog");

/** Ctrl/Cmd+K: the keyboard twin of the chat (UI.md): jump to any screen or run a common action. */
export function CommandPalette() {
  const open = useCommandPaletteOpen();
  const opened = useOpenedOnce(open);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setCommandPaletteOpen(!open);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  if (!opened) return null;
  return (
    <LazyPartBoundary open={open} onFailed={() => setCommandPaletteOpen(false)}>
      <Suspense fallback={null}>
        <CommandPaletteDialog open={open} />
      </Suspense>
    </LazyPartBoundary>
  );
}
