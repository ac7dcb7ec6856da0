import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/** How long to wait for a page to settle before the work runs anyway (a screen that polls never does). */
const LATEST_MS = 15_000;
/**
 * After the last query answers, the page still renders what it got (on a slow phone, for a while): the work
 * waits this long, then for an idle moment, so it never competes with that first paint.
 */
const AFTER_SETTLED_MS = 2_000;

let pageShown = false;
const shownListeners = new Set<() => void>();

/**
 * Rendered after the route's page inside the layout's Suspense boundary: it mounts once the page's code has
 * arrived and the page has rendered (its queries have started by then).
 */
export function PageShown(): null {
  useEffect(() => {
    if (pageShown) return;
    pageShown = true;
    for (const listener of shownListeners) listener();
  }, []);
  return null;
}

/**
 * Runs `work` once, after the screen has what it came for: the page has rendered, none of its queries is
 * still fetching, and the browser is idle. For code worth having early (the assistant's chat) that must not
 * compete with the page's own chunks and data. A plain idle callback is not enough: the browser counts as
 * idle while it waits for the page's requests, which is exactly when a download slows them down.
 */
export function useAfterPageSettles(work: () => void): void {
  const queryClient = useQueryClient();
  const workRef = useRef(work);
  workRef.current = work;

  useEffect(() => {
    let done = false;
    let idleId: number | undefined;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const cache = queryClient.getQueryCache();
    const stop = () => {
      done = true;
      unsubscribe();
      shownListeners.delete(check);
      clearTimeout(latest);
      clearTimeout(idleTimer);
      if (idleId !== undefined) window.cancelIdleCallback(idleId);
    };
    const run = () => {
      if (done) return;
      stop();
      workRef.current();
    };
    const whenIdle = () => {
      if (done) return;
      if ("requestIdleCallback" in window) idleId = window.requestIdleCallback(run, { timeout: 2_000 });
      else run();
    };
    function check() {
      if (done || !pageShown || queryClient.isFetching() > 0) return;
      if (idleTimer !== undefined) return;
      idleTimer = setTimeout(whenIdle, AFTER_SETTLED_MS);
    }
    const unsubscribe = cache.subscribe(check);
    shownListeners.add(check);
    const latest = setTimeout(run, LATEST_MS);
    check();
    return stop;
  }, [queryClient]);
}
