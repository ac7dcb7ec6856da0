import type { Page } from "@playwright/test";

/**
 * Holds the requests matching `pattern` until `release()` is called, so a test can see the pending state
 * (a "Saving..." button, an upload's progress) for as long as it looks, however slow the machine: the test
 * asserts the pending state, then releases, instead of guessing how long a fixed delay must be.
 */
export async function holdRequests(page: Page, pattern: string): Promise<{ release: () => void }> {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  // Released, the route stays: later requests pass the open gate at once (unrouting while a held request is
  // still in its handler would hand that request over twice).
  return { release: open };
}
