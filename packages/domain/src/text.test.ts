import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { chatRequestInput } from "./chat/schemas";
import { hasUnsafeCharacters, hasUnsafeText, safeText, UNSAFE_TEXT } from "./text";

const NUL = "\u0000";
const unsafe = [NUL, "a\ud800", "\ud800b", "\udbff", "\udc00", "a\udfffb", "\udc00\ud800", `ok${NUL}`];
const safe = ["", "plain", "Café", "🍰 emoji is a surrogate pair", "中文", "\ud83c\udf70", "tab\tnew\nline"];

describe("hasUnsafeCharacters", () => {
  it.each(unsafe.map((value) => [JSON.stringify(value), value]))("finds %s", (_, value) => {
    expect(hasUnsafeCharacters(value)).toBe(true);
  });
  it.each(safe.map((value) => [JSON.stringify(value), value]))("lets %s through", (_, value) => {
    expect(hasUnsafeCharacters(value)).toBe(false);
  });
});

describe("hasUnsafeText", () => {
  it("looks into arrays, objects and keys at any depth", () => {
    expect(hasUnsafeText({ a: [{ b: [1, true, null, "fine"] }] })).toBe(false);
    expect(hasUnsafeText({ a: [{ b: [1, true, null, `x${NUL}`] }] })).toBe(true);
    expect(hasUnsafeText({ [`key${NUL}`]: 1 })).toBe(true);
    expect(hasUnsafeText(["\ud800"])).toBe(true);
    expect(hasUnsafeText(undefined)).toBe(false);
  });

  it("survives a body nested deeper than the call stack", () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnsafeText(deep)).toBe(true);
  });
});

describe("safeText", () => {
  it("keeps the other rules chained after it and leaves the JSON Schema unchanged", () => {
    const schema = safeText({ error: "Name is required" }).trim().min(1, "Name is required").max(5);
    expect(schema.parse("  abc ")).toBe("abc");
    expect(schema.safeParse(123).error?.issues[0]?.message).toBe("Name is required");
    expect(schema.safeParse(`a${NUL}`).error?.issues[0]?.message).toBe(UNSAFE_TEXT);
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(z.string().trim().min(1).max(5)));
  });
});

/*
 * The rule is only as good as its reach: every string a use case accepts must carry it. This walks every
 * exported `...Input` schema of the domain (the HTTP bodies, the tools' inputs, the forms' validators) down
 * to its string leaves and sends each of them the unstorable characters.
 */
type Leaf = { path: string; schema: z.ZodType; kind: "string" | "unknown" };

function leavesOf(schema: z.ZodType, path: string, out: Leaf[], seen = new Set<unknown>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, suffix: string) =>
    leavesOf(child as z.ZodType, `${path}${suffix}`, out, seen);
  switch (def.type) {
    case "string":
      out.push({ path, schema, kind: "string" });
      break;
    case "unknown":
    case "any":
      out.push({ path, schema, kind: "unknown" });
      break;
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, `.${key}`);
      if (def.catchall) walk(def.catchall, ".*");
      break;
    case "array":
      walk(def.element, "[]");
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      walk(def.innerType, "");
      break;
    case "pipe":
      walk(def.in, "");
      walk(def.out, "");
      break;
    case "union":
      for (const option of def.options as unknown[]) walk(option, "");
      break;
    case "intersection":
      walk(def.left, "");
      walk(def.right, "");
      break;
    case "record":
      walk(def.keyType, "{key}");
      walk(def.valueType, "{}");
      break;
    case "tuple":
      for (const item of def.items as unknown[]) walk(item, "[]");
      if (def.rest) walk(def.rest, "[]");
      break;
    case "lazy":
      walk((def.getter as () => unknown)(), "");
      break;
  }
  return out;
}

const root = dirname(fileURLToPath(import.meta.url));
const sourceFiles = (readdirSync(root, { recursive: true }) as string[]).filter(
  (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
);
const inputSchemas = new Map<string, z.ZodType>();
for (const file of sourceFiles.sort()) {
  const exports = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exports)) {
    if (name.endsWith("Input") && value instanceof z.ZodType) inputSchemas.set(`${file}#${name}`, value);
  }
}

/** Opaque JSON fields: their parent checks every string in them (hasUnsafeText). */
const opaqueFields = new Set(["chatRequestInput.messages[].parts[]", "chatRequestInput.messages[].metadata"]);

describe("every input schema of the domain", () => {
  it("is found", () => {
    expect(inputSchemas.size).toBeGreaterThan(30);
  });

  it.each([...inputSchemas].map(([name, schema]) => [name, schema]))(
    "%s refuses NUL and lone surrogates in every text field",
    (name, schema) => {
      const exportName = name.split("#")[1] ?? name;
      for (const leaf of leavesOf(schema, exportName, [])) {
        if (leaf.kind === "unknown") {
          expect(opaqueFields, `${leaf.path} is opaque JSON without the text rule`).toContain(leaf.path);
          continue;
        }
        // Formats (uuid, url, email, date-time) refuse these characters by their own rule.
        const hasFormat = "format" in (leaf.schema as unknown as { _zod: { def: object } })._zod.def;
        for (const value of [`a${NUL}b`, "a\ud800b", "\udc00"]) {
          const result = leaf.schema.safeParse(value);
          expect(result.success, `${leaf.path} accepted ${JSON.stringify(value)}`).toBe(false);
          if (!hasFormat)
            expect(
              result.error?.issues.map((issue) => issue.message),
              leaf.path,
            ).toContain(UNSAFE_TEXT);
        }
      }
    },
  );

  it("chat messages are checked all the way into their parts and metadata", () => {
    const message = (parts: unknown[], metadata?: unknown) => ({
      messages: [{ id: "m1", role: "user", parts, ...(metadata === undefined ? {} : { metadata }) }],
    });
    expect(chatRequestInput.safeParse(message([{ type: "text", text: "hello 🍰" }])).success).toBe(true);
    for (const bad of [
      message([{ type: "text", text: `hello ${NUL}` }]),
      message([{ type: "text", text: "hello \ud800" }]),
      message([{ type: "data-x", data: { nested: ["\udc00"] } }]),
      message([{ type: "text", text: "fine" }], { note: NUL }),
    ]) {
      const result = chatRequestInput.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT);
    }
  });
});
