import type { UserContext } from "@smm/domain/context";
import { requireApiAccess } from "@smm/domain/plans";
import { SESSION_CACHE_TTL_MS } from "./session-cache";

const MAX_ENTRIES = 10_000;

/**
 * Every call made with an API key checks that the caller's plan still allows the API (a key made on
 * Enterprise stops working when the plan ends). A script calls in bursts, so a plan found to allow it is
 * remembered for as long as the key itself is (SessionCache): a lapsed plan stops the key within seconds,
 * on every instance, while a burst of calls costs one plan read. A refusal is never remembered, so an
 * upgrade works on the next call. Time is the domain's clock, so a test can step past the window.
 */
export class ApiAccessMemory {
  readonly #allowedUntil = new Map<string, number>();

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  async require(ctx: UserContext): Promise<void> {
    const now = ctx.now().getTime();
    const until = this.#allowedUntil.get(ctx.userId);
    // A clock set back (tests) must not stretch the window either.
    if (until !== undefined && now < until && until - now <= this.ttlMs) return;
    this.#allowedUntil.delete(ctx.userId);
    await requireApiAccess(ctx);
    if (this.#allowedUntil.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#allowedUntil.keys().next().value;
      if (oldest !== undefined) this.#allowedUntil.delete(oldest);
    }
    this.#allowedUntil.set(ctx.userId, now + this.ttlMs);
  }
}
