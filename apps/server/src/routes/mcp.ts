import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { AppError, isAppError } from "@smm/domain/errors";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import type { ApiAccessMemory } from "../lib/api-access-memory";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { runTool } from "../lib/run-tool";
import { toolCatalogue } from "./tools";

export const MCP_NEEDS_API_KEY =
  "MCP needs an API key: send Authorization: Bearer <key> (keys are on the Profile page).";

/** MCP lists tools whose input is an object; a choice of objects (updateBrandField) says so at its root. */
const mcpTools = toolCatalogue.map((tool) => ({
  name: tool.name,
  description: tool.description,
  inputSchema: { ...tool.inputSchema, type: "object" as const },
}));

/**
 * The MCP server (streamable HTTP, stateless: every request carries its API key and gets a fresh server)
 * exposing the same tool registry as the chat and the HTTP tool API.
 */
export function createMcpRoutes(deps: AppDeps, apiAccess: ApiAccessMemory) {
  return new Hono<AppEnv>().all("/", async (c) => {
    if (c.get("authMethod") !== "api_key") throw new AppError("unauthenticated", MCP_NEEDS_API_KEY);
    const user = userContext(c, deps);
    await apiAccess.require(user);
    const brandId = c.req.header(BRAND_HEADER);

    const server = new Server(
      { name: "social-media-manager", version: deps.version },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      try {
        const result = await runTool(user, request.params.name, request.params.arguments ?? {}, { brandId });
        return { content: [{ type: "text", text: JSON.stringify({ result }) }] };
      } catch (error) {
        // The tool's own errors go back to the model as a failed call it can read and act on.
        if (isAppError(error))
          return { isError: true, content: [{ type: "text", text: JSON.stringify(error.toBody()) }] };
        deps.logger.error("mcp tool failed", { error, tool: request.params.name });
        return {
          isError: true,
          content: [{ type: "text", text: "Something went wrong. Please try again." }],
        };
      }
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });
}
