import { describe, expect, it } from "vitest";
import { canChangeSessions, SessionCache } from "./session-cache";

const alice = { id: "u1", email: "alice@example.com", name: "Alice", emailVerified: true };

function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  return { cache: new SessionCache(5_000, () => clock.now), clock };
}

describe("SessionCache", () => {
  it("remembers a caller, and a 'nobody', for the TTL only", () => {
    const { cache, clock } = cacheAt();
    cache.set("cookie-a", alice, undefined, cache.generation);
    cache.set("cookie-b", null, undefined, cache.generation);
    expect(cache.get("cookie-a")).toEqual(alice);
    expect(cache.get("cookie-b")).toBeNull();
    expect(cache.get("cookie-c")).toBeUndefined();
    clock.now += 5_000;
    expect(cache.get("cookie-a")).toBeUndefined();
    expect(cache.get("cookie-b")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never keeps a session past its own expiry", () => {
    const { cache, clock } = cacheAt();
    cache.set("cookie-a", alice, new Date(clock.now + 1_000), cache.generation);
    clock.now += 999;
    expect(cache.get("cookie-a")).toEqual(alice);
    clock.now += 1;
    expect(cache.get("cookie-a")).toBeUndefined();
    cache.set("cookie-b", alice, new Date(clock.now - 1), cache.generation);
    expect(cache.get("cookie-b")).toBeUndefined();
  });

  it("forgets everything on clear, and drops a lookup that started before the clear", () => {
    const { cache } = cacheAt();
    cache.set("cookie-a", alice, undefined, cache.generation);
    const before = cache.generation;
    cache.clear();
    expect(cache.get("cookie-a")).toBeUndefined();
    cache.set("cookie-a", alice, undefined, before);
    expect(cache.get("cookie-a")).toBeUndefined();
    cache.set("cookie-a", alice, undefined, cache.generation);
    expect(cache.get("cookie-a")).toEqual(alice);
  });

  it("stays bounded, evicting the oldest entry", () => {
    const { cache } = cacheAt();
    for (let i = 0; i < 10_001; i++) cache.set(`cookie-${i}`, alice, undefined, cache.generation);
    expect(cache.size).toBe(10_000);
    expect(cache.get("cookie-0")).toBeUndefined();
    expect(cache.get("cookie-10000")).toEqual(alice);
  });
});

describe("canChangeSessions", () => {
  it("is false only for better-auth's read-only session calls", () => {
    expect(canChangeSessions("GET", "/api/auth/get-session")).toBe(false);
    expect(canChangeSessions("GET", "/api/auth/list-sessions")).toBe(false);
    expect(canChangeSessions("POST", "/api/auth/sign-out")).toBe(true);
    expect(canChangeSessions("POST", "/api/auth/revoke-other-sessions")).toBe(true);
    expect(canChangeSessions("POST", "/api/auth/change-password")).toBe(true);
    expect(canChangeSessions("GET", "/api/auth/verify-email")).toBe(true);
  });

  it("shares one lookup among requests that arrive together with the same credential", async () => {
    const { cache } = cacheAt();
    let lookups = 0;
    let answer: (user: typeof alice) => void = () => {};
    const load = () => {
      lookups += 1;
      return new Promise<{ user: typeof alice; remember: boolean }>((resolve) => {
        answer = (user) => resolve({ user, remember: true });
      });
    };
    const together = Array.from({ length: 20 }, () => cache.resolve("cookie-a", load));
    answer(alice);
    expect(await Promise.all(together)).toEqual(Array(20).fill(alice));
    expect(lookups).toBe(1);
    // Remembered now: the next request looks nothing up.
    expect(await cache.resolve("cookie-a", load)).toEqual(alice);
    expect(lookups).toBe(1);
  });

  it("does not let a request after a clear wait on a lookup that began before it", async () => {
    const { cache } = cacheAt();
    const lookups: ((user: typeof alice | null) => void)[] = [];
    const load = () =>
      new Promise<{ user: typeof alice | null; remember: boolean }>((resolve) => {
        lookups.push((user) => resolve({ user, remember: true }));
      });
    const before = cache.resolve("cookie-a", load);
    cache.clear();
    const after = cache.resolve("cookie-a", load);
    expect(lookups).toHaveLength(2);
    lookups[0]?.(alice);
    lookups[1]?.(null);
    expect(await before).toEqual(alice);
    expect(await after).toBeNull();
    // The lookup that raced the clear is not remembered; the later one is.
    expect(cache.get("cookie-a")).toBeNull();
  });

  it("remembers nothing when the lookup says not to, and passes its failure to every waiter", async () => {
    const { cache } = cacheAt();
    expect(await cache.resolve("key-a", async () => ({ user: null, remember: false }))).toBeNull();
    expect(cache.get("key-a")).toBeUndefined();
    const failing = () => Promise.reject(new Error("lookup failed"));
    const both = [cache.resolve("key-b", failing), cache.resolve("key-b", failing)];
    for (const waiter of both) await expect(waiter).rejects.toThrow("lookup failed");
    expect(cache.get("key-b")).toBeUndefined();
  });
});
