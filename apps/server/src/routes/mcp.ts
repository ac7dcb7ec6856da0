import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { AppError, isAppError } from "@smm/domain/errors";
import { isToolName } from "@smm/tools";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context";
import type { ApiAccessMemory } from "../lib/api-access-memory";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { outputSchemaOf, runTool } from "../lib/run-tool";
import { toolCatalogue } from "./tools";

export const MCP_NEEDS_API_KEY =
  "MCP needs an API key: send Authorization: Bearer <key> (keys are on the Profile page).";
export const MCP_FOREIGN_ORIGIN = "This origin may not use the MCP endpoint.";

/** The protocol versions the server negotiates (README: MCP), newest first. */
export const mcpProtocolVersions: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;

/** MCP lists tools whose input is an object; a choice of objects (updateBrandField) says so at its root. */
const mcpTools = toolCatalogue.map((tool) => ({
  name: tool.name,
  description: tool.description,
  inputSchema: { ...tool.inputSchema, type: "object" as const },
  ...(tool.outputSchema ? { outputSchema: { ...tool.outputSchema, type: "object" as const } } : {}),
}));

/** Pages and MCP clients on this machine (http://localhost:<any port>, 127.0.0.1, [::1]). */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * The MCP transport rule against DNS rebinding: a request whose Origin is present and not ours is refused
 * (403) before anything else is read. Ours: the trusted origins (PUBLIC_URL's), and, on embedded defaults
 * (no PUBLIC_URL), this machine's localhost. A client that sends no Origin (a script, a desktop app) is not a
 * browser page and goes on to the API key check.
 */
export function refuseForeignMcpOrigins(
  trustedOrigins: readonly string[],
  options: { localOrigins: boolean },
): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && !trusted.has(origin) && !(options.localOrigins && LOCAL_ORIGIN.test(origin)))
      throw new AppError("origin_forbidden", MCP_FOREIGN_ORIGIN);
    return next();
  };
}

/**
 * The MCP server (streamable HTTP, stateless: every request carries its API key and gets a fresh server)
 * exposing the same tool registry as the chat and the HTTP tool API. A declared tool answers with
 * `structuredContent` matching its `outputSchema`, and the same JSON as text for older clients.
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
      const name = request.params.name;
      try {
        const result = await runTool(user, name, request.params.arguments ?? {}, { brandId });
        const output = isToolName(name) ? outputSchemaOf(name) : undefined;
        if (!output) return { content: [{ type: "text", text: JSON.stringify(result) }] };
        // Tests: what a client is sent must match the outputSchema it was given (lib/response-checks.ts).
        if (deps.checkResponses) output.parse(result);
        return {
          content: [{ type: "text", text: JSON.stringify(result) }],
          structuredContent: result as Record<string, unknown>,
        };
      } catch (error) {
        // The tool's own errors go back to the model as a failed call it can read and act on.
        if (isAppError(error))
          return { isError: true, content: [{ type: "text", text: JSON.stringify(error.toBody()) }] };
        deps.logger.error("mcp tool failed", { error, tool: name });
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
