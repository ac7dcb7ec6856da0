/** Calls one API key may make per window (API keys are for scripts; the screens use sessions). */
export const API_KEY_RATE_LIMIT = { windowMs: 60_000, max: 1_000 } as const;
const MAX_TRACKED_KEYS = 10_000;

/**
 * Counts each API key's calls per fixed window. better-auth's key plugin counts the calls it verifies, but a
 * verified key is remembered for a few seconds (SessionCache), so the calls in between are counted here.
 * Per instance: behind a load balancer each instance allows the limit.
 */
export class ApiKeyLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: { windowMs: number; max: number } = API_KEY_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call of `keyId`: 0 when it may go ahead, else the seconds until the window ends. */
  take(keyId: string): number {
    const now = this.now();
    let window = this.#windows.get(keyId);
    if (!window || now - window.start >= this.limit.windowMs) {
      if (!window && this.#windows.size >= MAX_TRACKED_KEYS) this.#forgetEnded(now);
      window = { start: now, count: 0 };
      this.#windows.set(keyId, window);
    }
    if (window.count >= this.limit.max) return Math.ceil((window.start + this.limit.windowMs - now) / 1000);
    window.count += 1;
    return 0;
  }

  #forgetEnded(now: number): void {
    for (const [keyId, window] of this.#windows)
      if (now - window.start >= this.limit.windowMs) this.#windows.delete(keyId);
  }
}

export function rateLimitedMessage(seconds: number): string {
  return `Too many requests with this API key. Try again in ${seconds} s.`;
}
