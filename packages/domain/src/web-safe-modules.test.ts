import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { z } from "zod";
import * as aiSchemas from "./ai/schemas";
import * as brandSchemas from "./brands/schemas";
import * as notificationSchemas from "./notifications/schemas";

const root = dirname(fileURLToPath(import.meta.url));

/** Modules the web app imports for its forms, the wizard and plan display. */
const webEntries = [
  "account/password.ts",
  "dates.ts",
  "brands/constants.ts",
  "brands/schemas.ts",
  "brands/rules.ts",
  "machines/setup-wizard.ts",
  "machines/post-lifecycle.ts",
  "machines/post-actions.ts",
  "machines/campaign-wizard.ts",
  "machines/ad-set-wizard.ts",
  "campaigns/schemas.ts",
  "ai/schemas.ts",
  "plans/catalogue.ts",
  "usage/limits.ts",
  "notifications/schemas.ts",
  "posts/schemas.ts",
  "posts/calendar-post.ts",
  "generation/schemas.ts",
  "media/schemas.ts",
  "watermark/schemas.ts",
  "templates/schemas.ts",
  "captions/schemas.ts",
];
const allowedPackages = new Set(["zod", "xstate"]);

/** Runtime imports (type-only ones vanish at build time) of a module and everything it pulls in. */
function runtimeImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
    const [, typeOnly, specifier] = match;
    if (typeOnly || !specifier) continue;
    if (specifier.startsWith(".")) {
      found.push(...runtimeImports(resolve(dirname(file), `${specifier}.ts`), seen));
    } else found.push(specifier);
  }
  return found;
}

it("keeps the web app's domain imports free of database and Node code", () => {
  for (const entry of webEntries) {
    const packages = runtimeImports(join(root, entry));
    expect(
      packages.filter((name) => !allowedPackages.has(name)),
      entry,
    ).toEqual([]);
  }
});

it("keeps every input schema representable as JSON Schema (tools publish them)", () => {
  const schemas = Object.entries({ ...brandSchemas, ...aiSchemas, ...notificationSchemas }).filter(
    ([name, value]) => name.endsWith("Input") && value instanceof z.ZodType,
  );
  expect(schemas.length).toBeGreaterThan(8);
  for (const [name, schema] of schemas) expect(() => z.toJSONSchema(schema as z.ZodType), name).not.toThrow();
});
