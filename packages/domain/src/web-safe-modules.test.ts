import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { z } from "zod";
import * as aiSchemas from "./ai/schemas";
import * as brandSchemas from "./brands/schemas";
import * as notificationSchemas from "./notifications/schemas";

const root = dirname(fileURLToPath(import.meta.url));

/** The browser's one entry (package.json `./web`): everything the web app takes from the domain. */
const webEntry = "web.ts";
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

it("keeps the web app's domain entry free of database and Node code", () => {
  const packages = runtimeImports(join(root, webEntry));
  expect(packages.filter((name) => !allowedPackages.has(name))).toEqual([]);
});

/** Every `@smm/domain...` specifier in the web app's sources, type-only imports included. */
function domainSpecifiers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...domainSpecifiers(path));
    else if (/\.tsx?$/.test(entry.name))
      for (const match of readFileSync(path, "utf8").matchAll(/["'](@smm\/domain[^"']*)["']/g))
        found.push(`${relative(webSource, path)}: ${match[1]}`);
  }
  return found;
}

const webSource = resolve(root, "../../../apps/web/src");

it("lets the web app import the domain only through its browser entry", () => {
  const specifiers = domainSpecifiers(webSource);
  expect(specifiers.length).toBeGreaterThan(10);
  // An area entry would pull its use cases (and with them the database) into the bundle.
  expect(specifiers.filter((line) => !line.endsWith(": @smm/domain/web"))).toEqual([]);
});

it("keeps every input schema representable as JSON Schema (tools publish them)", () => {
  const schemas = Object.entries({ ...brandSchemas, ...aiSchemas, ...notificationSchemas }).filter(
    ([name, value]) => name.endsWith("Input") && value instanceof z.ZodType,
  );
  expect(schemas.length).toBeGreaterThan(8);
  for (const [name, schema] of schemas) expect(() => z.toJSONSchema(schema as z.ZodType), name).not.toThrow();
});
