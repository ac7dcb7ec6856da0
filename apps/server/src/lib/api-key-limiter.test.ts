import { describe, expect, it } from "vitest";
import { ApiKeyLimiter } from "./api-key-limiter";

describe("ApiKeyLimiter", () => {
  it("lets a key make the limit's calls per window, then says how long to wait", () => {
    const clock = { now: 1_000_000 };
    const limiter = new ApiKeyLimiter({ windowMs: 60_000, max: 3 }, () => clock.now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 0]);
    clock.now += 15_000;
    expect(limiter.take("a")).toBe(45);
    // Another key has its own window.
    expect(limiter.take("b")).toBe(0);
    clock.now += 45_000;
    expect(limiter.take("a")).toBe(0);
  });
});
