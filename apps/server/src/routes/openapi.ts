import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { toolCatalogue } from "./tools";

const ERROR_CODES = {
  "400": ["invalid_input", "The body does not match the tool's input schema; `issues` says where."],
  "401": ["unauthenticated", "No session cookie and no valid API key."],
  "403": [
    "forbidden",
    "The plan lacks the feature (API keys need Enterprise; premium image styles need a paid plan).",
  ],
  "404": ["not_found", "No such tool, or an id that is not the caller's (another user's ids are 404 too)."],
  "409": ["conflict", "The post's current state does not allow the action."],
  "429": [
    "quota_exceeded",
    "The plan's post or caption quota is used up; the message is the product's text.",
  ],
  "502": ["upstream_failed", "The AI provider, the social network or billing failed."],
} as const;

const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        issues: {
          type: "array",
          items: {
            type: "object",
            required: ["path", "message"],
            properties: { path: { type: "string" }, message: { type: "string" } },
          },
        },
      },
    },
  },
};

const errorResponses = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([status, [code, description]]) => [
    status,
    { description: `${code}: ${description}`, content: { "application/json": { schema: errorSchema } } },
  ]),
);

const brandHeader = {
  name: "X-Brand-Id",
  in: "header",
  required: false,
  description: "Act on another brand of the same user instead of the active one.",
  schema: { type: "string", format: "uuid" },
};

/** The OpenAPI 3.1 document of the tool API and the fixed endpoints (API.md), built from the registry. */
export function buildOpenApiDocument(version: string, serverUrl: string) {
  const toolPaths = Object.fromEntries(
    toolCatalogue.map((tool) => [
      `/api/tools/${tool.name}`,
      {
        post: {
          operationId: tool.name,
          tags: ["tools"],
          summary: tool.name,
          description: tool.description,
          parameters: [brandHeader],
          requestBody: { required: true, content: { "application/json": { schema: tool.inputSchema } } },
          responses: {
            "200": {
              description: "The use case's result.",
              content: {
                "application/json": {
                  schema: { type: "object", required: ["result"], properties: { result: {} } },
                },
              },
            },
            ...errorResponses,
          },
        },
      },
    ]),
  );

  return {
    openapi: "3.1.0",
    info: {
      title: "Social Media Manager API",
      version,
      description:
        "Every action of the app's screens and chat, as tools a script can call. Authenticate with " +
        "`Authorization: Bearer <api key>` (keys are made on the Profile page; Enterprise plan).",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }, { session: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key from the Profile page." },
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
      schemas: { Error: errorSchema },
    },
    paths: {
      "/api/health": {
        get: {
          operationId: "health",
          tags: ["system"],
          security: [],
          responses: {
            "200": {
              description: "The server and its database answer.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      status: { const: "ok" },
                      db: { enum: ["pglite", "postgres"] },
                      version: { type: "string" },
                    },
                  },
                },
              },
            },
          },
        },
      },
      "/api/tools": {
        get: {
          operationId: "listTools",
          tags: ["tools"],
          summary: "Every tool with its description and input as JSON Schema.",
          responses: {
            "200": {
              description: "The tools.",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      tools: {
                        type: "array",
                        items: {
                          type: "object",
                          properties: {
                            name: { type: "string" },
                            description: { type: "string" },
                            inputSchema: { type: "object" },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
            "401": errorResponses["401"],
          },
        },
      },
      "/api/events": {
        get: {
          operationId: "events",
          tags: ["system"],
          summary: "Server-Sent Events for the caller: post, notification and generation-progress changes.",
          responses: { "200": { description: "An event stream.", content: { "text/event-stream": {} } } },
        },
      },
      ...toolPaths,
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A readable page of the same document: every tool with its description, an example call and its schema. */
function renderDocsPage(serverUrl: string): string {
  const tools = toolCatalogue
    .map(
      (tool) => `<section id="${tool.name}">
<h2><code>${tool.name}</code></h2>
<p>${escapeHtml(tool.description)}</p>
<pre>curl -X POST ${escapeHtml(serverUrl)}/api/tools/${tool.name} \\
  -H "Authorization: Bearer $SMM_API_KEY" -H "Content-Type: application/json" \\
  -d '{}'</pre>
<details><summary>Input schema</summary><pre>${escapeHtml(JSON.stringify(tool.inputSchema, null, 2))}</pre></details>
</section>`,
    )
    .join("\n");
  const index = toolCatalogue.map((tool) => `<li><a href="#${tool.name}">${tool.name}</a></li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API - Social Media Manager</title>
<style>
body{font:15px/1.55 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1.5rem;color:#18181b;background:#fff}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f4f5;padding:.75rem;border-radius:.5rem;overflow-x:auto}
section{border-top:1px solid #e4e4e7;padding-top:.5rem}ul{columns:3 12rem}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{color:#fafafa;background:#09090b}pre{background:#18181b}section{border-color:#27272a}a{color:#93c5fd}}
</style></head><body>
<h1>Social Media Manager API</h1>
<p>Everything the screens and the chat do, as tools. Send <code>Authorization: Bearer &lt;api key&gt;</code>
(create keys on the Profile page; Enterprise plan) and, to act on a brand other than the active one,
<code>X-Brand-Id</code>. Answers are <code>{"result": ...}</code>, errors <code>{"error": {"code", "message", "issues"?}}</code>.
The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a>; <code>GET /api/tools</code> lists the same tools.</p>
<ul>${index}</ul>
${tools}
</body></html>`;
}

export function createOpenApiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/openapi.json", (c) => c.json(buildOpenApiDocument(deps.version, new URL(c.req.url).origin)))
    .get("/docs", (c) => c.html(renderDocsPage(new URL(c.req.url).origin)));
}
