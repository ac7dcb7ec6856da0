import { resolveBrand } from "@smm/domain/brands/resolve-brand";
import { AppError } from "@smm/domain/errors";
import { createTools, isToolName, type ToolContext, toolNames } from "@smm/tools";
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../context";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { parseJsonBody } from "../lib/http";

/** The JSON Schema of a tool's input, as a script (or an LLM) sees it. */
function toJsonSchema(schema: unknown): unknown {
  return z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" });
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

/**
 * The tool API for scripts (API.md): every tool the chat has, over HTTP, with the use case's own schema
 * as the body and the use case's errors in the documented shape.
 */
export function createToolRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/", (c) => c.json({ tools: toolCatalogue }))
    .post("/:name", async (c) => {
      const name = c.req.param("name");
      if (!isToolName(name)) throw new AppError("not_found", `No tool named ${name}`);
      const user = userContext(c, deps);
      const brandId = c.req.header(BRAND_HEADER);
      const ctx: ToolContext = { user, brand: () => resolveBrand(user, { brandId }) };
      const selected = createTools(ctx)[name];

      const input: unknown = await parseJsonBody(c, selected.inputSchema as z.ZodType);
      // A client tool (navigateTo) has no execute: the browser performs it; a script gets the checked input.
      if (!selected.execute) return c.json({ result: input });
      const result = await selected.execute(input as never, {
        toolCallId: `http-${crypto.randomUUID()}`,
        messages: [],
      });
      return c.json({ result: result ?? null });
    });
}
