import { asSchema, type Tool } from "ai";

/** One converted schema per tool name, for the life of the process. */
const converted = new Map<string, ReturnType<typeof asSchema>>();

/**
 * The registry is bound to the caller on every chat turn, and the AI SDK turns each tool's zod schema into
 * JSON Schema on every model step: for forty tools that was most of a turn's CPU. The AI SDK's schema
 * object computes its JSON Schema once, so each tool keeps one. Keyed by name: a tool factory binds only
 * `execute` to the caller, never the input schema.
 */
export function withCachedSchemas<T extends Record<string, Tool>>(tools: T): T {
  for (const [name, tool] of Object.entries(tools)) {
    let schema = converted.get(name);
    if (!schema) {
      schema = asSchema(tool.inputSchema);
      converted.set(name, schema);
    }
    tool.inputSchema = schema as Tool["inputSchema"];
  }
  return tools;
}

/** The tools whose JSON Schema this process has already computed (the warm-up's measure). */
export function countPreparedSchemas(): number {
  let prepared = 0;
  for (const schema of converted.values()) {
    // The AI SDK computes a zod schema's JSON Schema on first read and keeps it; reading it here is free after.
    if ((schema as { jsonSchema?: unknown }).jsonSchema) prepared += 1;
  }
  return prepared;
}
