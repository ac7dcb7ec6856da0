import { createRoute, z } from "@hono/zod-openapi";
import { createTools, toolNames } from "@smm/tools";
import type { AppDeps } from "../context";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { createRoutes, jsonAnswer, parseJsonBody, view } from "../lib/http";
import { runTool } from "../lib/run-tool";

/** The JSON Schema of a tool's input, as a script, an MCP client or an LLM sees it. */
function toJsonSchema(schema: unknown): Record<string, unknown> {
  return z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
}

/** Names, descriptions and schemas only: a registry bound to nobody, never executed. */
const unboundTools = createTools({
  user: undefined as never,
  brand: () => Promise.reject(new Error("unbound tool registry")),
});

export const toolCatalogue = toolNames.map((name) => ({
  name,
  description: unboundTools[name].description ?? "",
  inputSchema: toJsonSchema(unboundTools[name].inputSchema),
}));

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Tools"],
  summary: "Every tool with its description and input as JSON Schema.",
  responses: {
    200: jsonAnswer(view<{ tools: typeof toolCatalogue }>("ToolList"), "The tools."),
  },
});

/**
 * The tool API for scripts (API.md): every tool the chat has, over HTTP, with the use case's own schema
 * as the body and the use case's errors in the documented shape.
 */
export function createToolRoutes(deps: AppDeps) {
  return (
    createRoutes()
      .openapi(listRoute, (c) => c.json({ tools: toolCatalogue }, 200))
      // Not a declaration: openapi.ts documents one path per tool from the registry, with the tool's schema.
      .post("/:name", async (c) => {
        const input: unknown = await parseJsonBody(c, z.unknown());
        const result = await runTool(userContext(c, deps), c.req.param("name"), input, {
          brandId: c.req.header(BRAND_HEADER),
        });
        return c.json({ result });
      })
  );
}
