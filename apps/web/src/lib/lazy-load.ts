import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";

/** Waits before each new try of a chunk that did not arrive: a dropped connection often comes back. */
const RETRY_DELAYS_MS = [500, 2_000];

/**
 * Whether an error is a chunk of the app that did not download (Chromium, Firefox, Safari and Vite's
 * preload helper each word it differently). Such a page is not broken: a retry or a reload fetches it, and
 * after a deploy only a reload does (the old chunk names are gone).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Chromium "Failed to fetch dynamically imported module", Firefox "error loading dynamically imported
  // module", Safari "Importing a module script failed", Vite "Unable to preload CSS".
  return /dynamically imported module|Importing a module script failed|Unable to preload/i.test(
    error.message,
  );
}

/** Runs an `import()` again, twice, when the chunk did not arrive; any other error is not retried. */
export async function importWithRetry<T>(load: () => Promise<T>, delaysMs = RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isChunkLoadError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** How to try again each lazy part whose last load failed (see lazyNamed). */
const failedLoads = new Set<() => void>();

/**
 * Lets every lazy part that failed load again on its next render. Error boundaries call it when they clear
 * a failure; it is not done at the failure itself, because React renders the part again right after its
 * load rejects (to throw the error), and a fresh load there would retry forever instead of failing.
 */
export function retryFailedLoads(): void {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}

/**
 * React.lazy for a named export, its chunk fetched with retries. React keeps a lazy component's outcome for
 * good, failures included, so a failed part is renewed by retryFailedLoads: after the nearest boundary
 * showed the failure, showing the part again (another route, the dialog opened again) downloads it again
 * instead of repeating the old error.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType<M[K] extends ComponentType<infer P> ? P : never> {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  const createLazy = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(async () => {
      try {
        return { default: (await importWithRetry(load))[name] as ComponentType<Props> };
      } catch (error) {
        failedLoads.add(() => {
          current = createLazy();
        });
        throw error;
      }
    });
  let current = createLazy();
  function LazyPart(props: Props) {
    return createElement(current as unknown as ComponentType<object>, props as object);
  }
  return LazyPart;
}
