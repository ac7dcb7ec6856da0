import { useSyncExternalStore } from "react";

/** Core spec section 9: relative times ('now', 'Nm ago', ...) refresh every 60 s. */
export const CLOCK_REFRESH_MS = 60_000;

/*
 * One shared clock for every card on screen: a single interval runs while anything is subscribed, so a
 * list of a hundred cards re-renders once a minute instead of arming a hundred timers.
 */
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, CLOCK_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = () => now;

/** The current time in ms, re-rendering the caller every minute. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
