import type { SessionUser } from "../context";

/** How long a looked-up session is trusted without asking better-auth again. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser | null;
  expiresAt: number;
}

/** What a lookup found: the caller (or nobody), until when, and whether it may be remembered at all. */
export interface Lookup {
  user: SessionUser | null;
  expiresAt?: Date | undefined;
  remember: boolean;
}

/**
 * A few seconds of memory of "this cookie is that user (or nobody)". A screen fires several requests at
 * once (the dashboard: stats, two lists, the plan) and each one used to verify the cookie's signature and
 * read the session and the user from the database. Unlike better-auth's cookie cache (minutes of trust in
 * a signed cookie), this is dropped whenever this process handles anything that can end or change a session
 * (sign-out, password change, revoking, deleting the account), so a revoked session here stops at once;
 * another instance behind a load balancer trusts it for at most the TTL.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<SessionUser | null>>();
  #generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The remembered caller, `null` for a remembered "nobody", `undefined` when it must be looked up. */
  get(key: string): SessionUser | null | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  /**
   * The remembered caller, or the one `load` finds. Requests that arrive together with the same credential
   * share one lookup: when an entry expires under load, twenty requests used to verify the same cookie twenty
   * times at once, and that burst was the slowest few percent of a screen's requests.
   */
  async resolve(key: string, load: () => Promise<Lookup>): Promise<SessionUser | null> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const shared = this.#pending.get(key);
    if (shared) return shared;
    const generation = this.#generation;
    const lookup = load()
      .then((found) => {
        if (found.remember) this.set(key, found.user, found.expiresAt, generation);
        return found.user;
      })
      .finally(() => {
        if (this.#pending.get(key) === lookup) this.#pending.delete(key);
      });
    this.#pending.set(key, lookup);
    return lookup;
  }

  /** Taken before a lookup and handed to `set`, so a lookup that raced a `clear` is not remembered. */
  get generation(): number {
    return this.#generation;
  }

  /** `sessionExpiresAt` caps the entry so a session never outlives its own expiry here. */
  set(key: string, user: SessionUser | null, sessionExpiresAt: Date | undefined, generation: number): void {
    if (generation !== this.#generation) return;
    const now = this.now();
    const expiresAt = Math.min(now + this.ttlMs, sessionExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
    if (expiresAt <= now) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(key);
    this.#entries.set(key, { user, expiresAt });
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    // A lookup begun before the change may answer the old caller; later requests must not wait on it.
    this.#pending.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** better-auth calls that only read the session; every other auth call may end or change one. */
const READ_ONLY_AUTH_PATHS = /\/api\/auth\/(get-session|ok|list-sessions)$/;

export function canChangeSessions(method: string, path: string): boolean {
  return !(method === "GET" && READ_ONLY_AUTH_PATHS.test(path));
}
