import { useSyncExternalStore } from "react";

/* Open state lives outside React so the sidebar, header and keyboard shortcut can all open the same palette. */
let open = false;
const listeners = new Set<() => void>();

export function setCommandPaletteOpen(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export function openCommandPalette() {
  setCommandPaletteOpen(true);
}

export function useCommandPaletteOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
