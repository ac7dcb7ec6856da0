/** Keys remembered at most; past it, keys whose window has ended are forgotten first. */
const MAX_TRACKED_KEYS = 10_000;

/**
 * Counts calls per key (a client address) in fixed windows. Kept in memory per process: behind a load balancer
 * each instance allows the limit, which still bounds a flood to a small multiple.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: { windowMs: number; max: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call of `key`: 0 when it may go ahead, else the seconds until its window ends. */
  take(key: string): number {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.limit.windowMs) {
      if (!window && this.#windows.size >= MAX_TRACKED_KEYS) this.#forgetEnded(now);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= this.limit.max) return Math.ceil((window.start + this.limit.windowMs - now) / 1000);
    window.count += 1;
    return 0;
  }

  #forgetEnded(now: number): void {
    for (const [key, window] of this.#windows)
      if (now - window.start >= this.limit.windowMs) this.#windows.delete(key);
    // Still full (a flood from many addresses): the oldest window goes, so memory stays bounded.
    const oldest = this.#windows.keys().next();
    if (this.#windows.size >= MAX_TRACKED_KEYS && !oldest.done) this.#windows.delete(oldest.value);
  }
}
