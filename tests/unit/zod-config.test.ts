import { describe, expect, it } from "vitest";

describe("the web's zod setting, made without importing zod", () => {
  it("is seen by zod when zod loads afterwards, as the lazily loaded screens load it", async () => {
    await import("../../apps/web/src/lib/zod-config");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // A schema built afterwards parses without compiling code (what the page's CSP requires).
    expect(z.object({ name: z.string() }).parse({ name: "Sunny Scoops" })).toEqual({ name: "Sunny Scoops" });
  });
});
