import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AnyUseCase } from "@smm/domain/use-case";
import { createTools, toolNames, useCaseOf } from "@smm/tools";
import type { AppDeps, AppEnv } from "../context";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { brandHeader, createRoutes, errors, jsonAnswer, parseJsonBody } from "../lib/http";
import { runTool } from "../lib/run-tool";

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of a tool's input or output, as a script, an MCP client or an LLM sees it. A named view
 * (a schema with an id, such as Post) comes out as a `$ref` into `$defs`; the root is written out in place,
 * so the schema's own `type` is at its root as MCP and function calling require.
 */
function toJsonSchema(schema: unknown, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: "any" }) as JsonSchema;
  const ref = typeof json.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(json.$ref)?.[1] : undefined;
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  const root = ref ? defs?.[ref] : undefined;
  if (!root) return json;
  const { $ref: _ref, ...rest } = json;
  return { ...rest, ...root };
}

/** Names, descriptions and schemas only: a registry bound to nobody, never executed. */
const unboundTools = createTools({
  user: undefined as never,
  brand: () => Promise.reject(new Error("unbound tool registry")),
});

export interface ToolEntry {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** What the tool answers (its use case's declared output); absent for the client tool navigateTo. */
  outputSchema?: JsonSchema;
}

export const toolCatalogue: ToolEntry[] = toolNames.map((name) => {
  const output = useCaseOf(name)?.output;
  return {
    name,
    description: unboundTools[name].description ?? "",
    inputSchema: toJsonSchema(unboundTools[name].inputSchema, "input"),
    ...(output ? { outputSchema: toJsonSchema(output, "output") } : {}),
  };
});

const toolList = z
  .object({
    tools: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        inputSchema: z.record(z.string(), z.unknown()).meta({ description: "The input as JSON Schema." }),
        outputSchema: z
          .record(z.string(), z.unknown())
          .optional()
          .meta({ description: "What `result` holds, as JSON Schema." }),
      }),
    ),
  })
  .meta({ id: "ToolList" });

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Tools"],
  summary: "Every tool with its description, and its input and output as JSON Schema.",
  responses: { 200: jsonAnswer(toolList, "The tools.") },
});

/** The document's entry of a declared tool: its use case's input as the body and `{result: output}`. */
function documentTool(routes: Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">, useCase: AnyUseCase) {
  routes.openAPIRegistry.registerPath({
    method: "post",
    path: `/${useCase.name}`,
    operationId: useCase.name,
    "x-use-case": useCase.name,
    tags: ["Tools"],
    summary: useCase.name,
    description: useCase.description,
    parameters: [brandHeader],
    request: { body: { required: true, content: { "application/json": { schema: useCase.input } } } },
    responses: {
      200: jsonAnswer(z.object({ result: useCase.output }), "The use case's result."),
      // The same shared answers as the REST routes (a tool's 404 is also an unknown tool name).
      ...errors("400", "401", "403", "404", "409", "413", "429", "502"),
    },
  });
}

/**
 * The tool API for scripts (API.md): every tool the chat has, over HTTP, with the use case's own schema
 * as the body and the use case's errors in the documented shape.
 */
export function createToolRoutes(deps: AppDeps) {
  const routes = createRoutes();
  for (const name of toolNames) {
    const useCase = useCaseOf(name);
    if (useCase) documentTool(routes, useCase);
  }
  return (
    routes
      .openapi(listRoute, (c) => c.json({ tools: toolCatalogue }, 200))
      // One handler for every tool; each is documented above (declared) or by openapi.ts (not yet declared).
      .post("/:name", async (c) => {
        const input: unknown = await parseJsonBody(c, z.unknown());
        const result = await runTool(userContext(c, deps), c.req.param("name"), input, {
          brandId: c.req.header(BRAND_HEADER),
        });
        return c.json({ result });
      })
  );
}
