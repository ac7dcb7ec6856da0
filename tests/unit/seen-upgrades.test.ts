import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  clearSeenUpgrades,
  parseSeenUpgrades,
  readSeenUpgrades,
  recordSeenUpgrade,
  SEEN_UPGRADES_KEY,
  shouldWelcomeUpgrade,
  withSeenUpgrade,
} from "../../apps/web/src/lib/seen-upgrades";

describe("parseSeenUpgrades", () => {
  it("reads the stored JSON array of plan names", () => {
    expect(parseSeenUpgrades('["pro","enterprise"]')).toEqual(["pro", "enterprise"]);
  });

  it("treats absent, corrupt or foreign values as nothing seen", () => {
    for (const raw of [null, undefined, "", "not json", "{}", '"pro"', "42", "null"])
      expect(parseSeenUpgrades(raw), String(raw)).toEqual([]);
    expect(parseSeenUpgrades('["pro", 3, null]')).toEqual(["pro"]);
  });
});

describe("shouldWelcomeUpgrade (core spec section 4: on first reaching pro or enterprise)", () => {
  it("welcomes a paid plan not yet seen, never free, never twice", () => {
    expect(shouldWelcomeUpgrade("pro", [])).toBe(true);
    expect(shouldWelcomeUpgrade("enterprise", ["pro"])).toBe(true);
    expect(shouldWelcomeUpgrade("pro", ["pro"])).toBe(false);
    expect(shouldWelcomeUpgrade("free", [])).toBe(false);
  });

  it("adds a plan once", () => {
    expect(withSeenUpgrade([], "pro")).toEqual(["pro"]);
    expect(withSeenUpgrade(["pro"], "pro")).toEqual(["pro"]);
    expect(withSeenUpgrade(["pro"], "enterprise")).toEqual(["pro", "enterprise"]);
  });
});

describe("the seen_upgrades local storage entry", () => {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };

  beforeEach(() => {
    store.clear();
    (globalThis as { window?: unknown }).window = { localStorage };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("records plans as a JSON array under 'seen_upgrades' and clears it on sign-out", () => {
    expect(readSeenUpgrades()).toEqual([]);
    recordSeenUpgrade("pro");
    recordSeenUpgrade("pro");
    recordSeenUpgrade("enterprise");
    expect(store.get(SEEN_UPGRADES_KEY)).toBe('["pro","enterprise"]');
    expect(readSeenUpgrades()).toEqual(["pro", "enterprise"]);
    clearSeenUpgrades();
    expect(store.has(SEEN_UPGRADES_KEY)).toBe(false);
  });

  it("keeps working, showing the welcome again, when storage is unavailable", () => {
    (globalThis as { window?: unknown }).window = {
      get localStorage(): never {
        throw new Error("blocked");
      },
    };
    expect(readSeenUpgrades()).toEqual([]);
    expect(() => recordSeenUpgrade("pro")).not.toThrow();
    expect(() => clearSeenUpgrades()).not.toThrow();
  });
});
