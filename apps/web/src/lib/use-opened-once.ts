import { useState } from "react";

/**
 * True from the first time `open` is true: a lazily loaded dialog is mounted then (its code loads with the
 * first opening) and stays mounted, so closing it still animates and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
