import { describe, expect, it } from "vitest";
import { importWithRetry, isChunkLoadError } from "../../apps/web/src/lib/lazy-load";

const chromium = new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/x-1.js");

describe("loading the app's chunks", () => {
  it("knows a chunk that did not arrive, in each browser's words, from other errors", () => {
    expect(isChunkLoadError(chromium)).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: /x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("tries a chunk again twice, then gives up with its error", async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 3) throw chromium;
      return { ok: true };
    };
    await expect(importWithRetry(flaky, [0, 0])).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);

    calls = 0;
    const down = async () => {
      calls += 1;
      throw chromium;
    };
    await expect(importWithRetry(down, [0, 0])).rejects.toBe(chromium);
    expect(calls).toBe(3);
  });

  it("does not retry a module that arrived and failed on its own", async () => {
    let calls = 0;
    const broken = new ReferenceError("window is not defined");
    await expect(
      importWithRetry(async () => {
        calls += 1;
        throw broken;
      }, [0, 0]),
    ).rejects.toBe(broken);
    expect(calls).toBe(1);
  });
});
