import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Run in a fresh process: what is tested is the order in which a page loads things (the setting first, zod
 * later), and test workers share loaded modules, so zod may already be loaded here.
 */
const zodConfig = fileURLToPath(new URL("../../apps/web/src/lib/zod-config.ts", import.meta.url));

describe("the web's zod setting, made without importing zod", () => {
  it("is seen by zod when zod loads afterwards, as the lazily loaded screens load it", () => {
    const script = `
      await import(${JSON.stringify(zodConfig)});
      const { z } = await import("zod");
      // A schema built afterwards parses without compiling code (what the page's CSP requires).
      const parsed = z.object({ name: z.string() }).parse({ name: "Sunny Scoops" });
      console.log(JSON.stringify({ jitless: z.config().jitless, parsed }));
    `;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      encoding: "utf8",
    });
    expect(JSON.parse(output.trim().split("\n").at(-1) ?? "{}")).toEqual({
      jitless: true,
      parsed: { name: "Sunny Scoops" },
    });
  });
});
