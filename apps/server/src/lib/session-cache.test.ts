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
});
