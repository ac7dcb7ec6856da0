import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { errorBodySchema } from "@smm/domain/errors";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandHeader, createRoutes, type ErrorStatus, errorAnswers, errors, jsonAnswer } from "../lib/http";
import { toolCatalogue } from "./tools";

/** The error answer's schema, from the one the domain's AppError.toBody() answers with. */
const errorSchema = z.toJSONSchema(errorBodySchema, { io: "output" }).$defs?.Error;

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** components.responses: the REST routes' error answers. */
const errorResponseComponents = Object.fromEntries(
  Object.values(errorAnswers).map(([name, code, description]) => [
    name,
    { description: `${code}: ${description}`, content: errorContent },
  ]),
);

export const restTags = {
  System: "Health, the caller, the event stream and this description.",
  Auth: "Sign-up, sign-in, sessions and API keys, answered by better-auth.",
  Brands: "The caller's brands, the active brand, brand settings and company profile.",
  Posts: "The brand's posts, the calendar, the dashboard's numbers and the post lifecycle.",
  Media: "Image uploads and the signed links that serve stored images.",
  Watermark: "The watermark editor of the brand.",
  Notifications: "The notification bell.",
  Agent: "The AI agent page: calendar analysis, post suggestions, agent settings and the scheduling agent.",
  Templates: "Prompt templates, the community library and favourites.",
  Account: "The caller's plan, the style catalogue, the Enhance buttons and data deletion requests.",
  Chat: "The chat hub and the floating assistant.",
  Connections: "The brand's Facebook page, its Instagram account and its ad account (Meta, or the sandbox).",
  Tools: "Every action of the screens and the chat as a tool (POST /api/tools/{name}).",
} as const;

/** better-auth answers /api/auth/*; documented as one entry plus the API key endpoint of API.md. */
const authPaths = {
  "/api/auth/{path}": Object.fromEntries(
    (["get", "post"] as const).map((method) => [
      method,
      {
        operationId: `betterAuth${method === "get" ? "Get" : "Post"}`,
        tags: ["Auth"],
        summary: "better-auth's endpoints (sign-up, sign-in, sign-out, session, password, social login).",
        description:
          "Every path under /api/auth/ is answered by better-auth (https://www.better-auth.com/docs), not " +
          "by this API, and uses better-auth's own bodies and error answers.",
        security: [],
        parameters: [
          {
            name: "path",
            in: "path",
            required: true,
            description: "better-auth's path, e.g. `sign-in/email`, `sign-out` or `get-session`.",
            schema: { type: "string" },
          },
        ],
        responses: { default: { description: "better-auth's answer." } },
      },
    ]),
  ),
  "/api/auth/api-key/create": {
    post: {
      operationId: "createApiKey",
      tags: ["Auth"],
      summary: "Create an API key (better-auth's API key plugin; the Enterprise plan).",
      description: "The key is shown once; send it as `Authorization: Bearer <key>`.",
      security: [{ session: [] }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
          },
        },
      },
      responses: {
        "200": {
          description: "The new key and better-auth's record of it.",
          content: {
            "application/json": {
              schema: { type: "object", required: ["key"], properties: { key: { type: "string" } } },
            },
          },
        },
        "401": { $ref: "#/components/responses/Unauthenticated" },
        "403": { $ref: "#/components/responses/Forbidden" },
      },
    },
  },
};

interface GeneratedOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/** `restGetPostsById`: derived from method and path; the prefix keeps it apart from the tools' ids. */
const operationId = (method: string, path: string) =>
  "rest" +
  method[0]?.toUpperCase() +
  method.slice(1) +
  path
    .replace(/^\/api/, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => {
      const word = part.replace(/[{}]/g, "");
      return (part.startsWith("{") ? "By" : "") + word[0]?.toUpperCase() + word.slice(1);
    })
    .join("");

/**
 * The error answers a declaration implies, added to the ones it names: 401 and 403 unless the route is
 * open, 400 for a body or a query, 413 for a body, 404 for a path id or a brand route.
 */
function impliedErrors(operation: GeneratedOperation): ErrorStatus[] {
  const parameters = operation.parameters ?? [];
  const statuses: ErrorStatus[] = [];
  if (operation.requestBody || parameters.some((p) => p.in === "query")) statuses.push("400");
  if (operation.security === undefined) statuses.push("401", "403");
  if (parameters.some((p) => p.in === "path" || p.name === brandHeader.name)) statuses.push("404");
  if (operation.requestBody) statuses.push("413");
  return statuses;
}

/** The declared routes' paths with their operation ids and implied error answers. */
function completeDeclaredPaths(paths: Record<string, Record<string, GeneratedOperation>>) {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operation.operationId ??= operationId(method, path);
      // The declared answers win over the implied ones of the same status.
      const responses: Record<string, unknown> = {
        ...errors(...impliedErrors(operation)),
        ...operation.responses,
      };
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  }
  return paths;
}

/** The app whose declarations make the document (any OpenAPIHono, whatever its env). */
type DeclaringApp = Pick<OpenAPIHono<AppEnv>, "getOpenAPI31Document">;

/**
 * The OpenAPI 3.1 document: the REST routes as declared with createRoute (the app's own declarations), the
 * tool endpoints from the tool registry and better-auth's paths.
 */
export function buildOpenApiDocument(app: DeclaringApp, version: string, serverUrl: string) {
  const generated = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "", version } });
  // Declared tools are documented from their declarations (routes/tools.ts); the rest here.
  const toolPaths = Object.fromEntries(
    toolCatalogue
      .filter((tool) => !tool.outputSchema)
      .map((tool) => [
        `/api/tools/${tool.name}`,
        {
          post: {
            operationId: tool.name,
            tags: ["Tools"],
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
              // The same shared answers as the REST routes (a tool's 404 is also an unknown tool name).
              ...errors("400", "401", "403", "404", "409", "413", "429", "502"),
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
        "Every action of the app's screens and chat, as tools a script can call, and the REST routes the " +
        "screens use. Authenticate with `Authorization: Bearer <api key>` (keys are made on the Profile " +
        "page; Enterprise plan) or the session cookie. Errors are " +
        '`{"error":{"code","reason","message","issues"?}}`: branch on `reason` (components.schemas.Error).',
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(restTags).map(([name, description]) => ({ name, description })),
    security: [{ apiKey: [] }, { session: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key from the Profile page." },
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
      schemas: { ...generated.components?.schemas, Error: errorSchema },
      responses: errorResponseComponents,
    },
    paths: {
      ...completeDeclaredPaths(generated.paths as Record<string, Record<string, GeneratedOperation>>),
      ...authPaths,
      ...toolPaths,
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

interface DocOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: Record<string, unknown>;
  }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; $ref?: string }>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Escaped text with `code` spans. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** A parameter's schema in words: "string (date-time)", "one of a, b; default a". */
function describeSchema(schema: Record<string, unknown>): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map(String).join(", ")}`);
  else if (typeof schema.type === "string")
    parts.push(schema.type + (typeof schema.format === "string" ? ` (${schema.format})` : ""));
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return escapeHtml(parts.join("; "));
}

const anchor = (method: string, path: string) =>
  `${method}${path.replace(/[^A-Za-z0-9]+/g, "-")}`.replace(/-+$/, "");

function describeSecurity(operation: DocOperation): string {
  if (!operation.security) return "Session cookie or <code>Authorization: Bearer &lt;api key&gt;</code>.";
  if (operation.security.length === 0) return "Open: no sign-in needed.";
  return "Session cookie only.";
}

function describeResponse(status: string, response: { description?: string; $ref?: string }): string {
  const name = response.$ref?.split("/").pop();
  const component = Object.values(errorAnswers).find(([componentName]) => componentName === name);
  const text = component
    ? `<code>${component[1]}</code>: ${inline(component[2])}`
    : inline(response.description ?? "");
  return `<li><strong>${escapeHtml(status)}</strong> ${text}</li>`;
}

function renderOperation(method: string, path: string, operation: DocOperation): string {
  const parameters = (operation.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})` +
        `${p.description ? `: ${inline(p.description)}` : ""}` +
        `${p.in === "query" && p.schema ? ` - ${describeSchema(p.schema)}` : ""}</li>`,
    )
    .join("");
  const body = Object.entries(operation.requestBody?.content ?? {})
    .map(([type, { schema }]) =>
      type === "multipart/form-data"
        ? `<p>Body: <code>multipart/form-data</code> with one <code>file</code> field.</p>`
        : `<details><summary>Body (<code>${escapeHtml(type)}</code>) schema</summary><pre>${escapeHtml(
            JSON.stringify(schema, null, 2),
          )}</pre></details>`,
    )
    .join("");
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => describeResponse(status, response))
    .join("");
  return `<section id="${anchor(method, path)}">
<h4><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h4>
<p>${inline(operation.summary ?? "")}${operation.description ? ` ${inline(operation.description)}` : ""}</p>
<p>Auth: ${describeSecurity(operation)}</p>
${parameters ? `<p>Parameters:</p><ul class="plain">${parameters}</ul>` : ""}
${body}
<p>Answers:</p><ul class="plain">${responses}</ul>
</section>`;
}

/** The REST routes of the document, grouped by tag in the catalogue's order (the tool paths excluded). */
function restOperationsByTag(doc: ReturnType<typeof buildOpenApiDocument>) {
  const toolPaths = new Set(toolCatalogue.map((tool) => `/api/tools/${tool.name}`));
  const groups = new Map<string, { method: string; path: string; operation: DocOperation }[]>(
    Object.keys(restTags).map((tag) => [tag, []]),
  );
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, DocOperation>>)) {
    if (toolPaths.has(path)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "System";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups].filter(([, operations]) => operations.length > 0);
}

/** A readable page of the same document: the REST routes by area, then every tool with an example call. */
function renderDocsPage(doc: ReturnType<typeof buildOpenApiDocument>, serverUrl: string): string {
  const groups = restOperationsByTag(doc);
  const rest = groups
    .map(
      ([tag, operations]) => `<section id="tag-${tag}">
<h3>${escapeHtml(tag)}</h3>
<p>${escapeHtml(restTags[tag as keyof typeof restTags] ?? "")}</p>
${operations.map(({ method, path, operation }) => renderOperation(method, path, operation)).join("\n")}
</section>`,
    )
    .join("\n");
  const restIndex = groups
    .map(
      ([tag, operations]) =>
        `<li><a href="#tag-${tag}">${escapeHtml(tag)}</a><ul>${operations
          .map(
            ({ method, path }) =>
              `<li><a href="#${anchor(method, path)}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
  const tools = toolCatalogue
    .map(
      (tool) => `<section id="${tool.name}">
<h3><code>${tool.name}</code></h3>
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
section{border-top:1px solid #e4e4e7;padding-top:.5rem}ul.tools{columns:3 12rem}a{color:#1d4ed8}
ul.plain{padding-left:1.25rem}h4{margin-bottom:.25rem}
@media (prefers-color-scheme:dark){body{color:#fafafa;background:#09090b}pre{background:#18181b}section{border-color:#27272a}a{color:#93c5fd}}
</style></head><body>
<header>
<h1>Social Media Manager API</h1>
<p>Everything the screens and the chat do, as REST routes and as tools. Send <code>Authorization: Bearer &lt;api key&gt;</code>
(create keys on the Profile page; Enterprise plan) or the session cookie and, to act on a brand other than the active one,
<code>X-Brand-Id</code>. Tool answers are <code>{"result": ...}</code>; errors are <code>{"error": {"code", "message", "issues"?}}</code>.
The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a>; <code>GET /api/tools</code> lists the same tools.</p>
<nav aria-label="Contents"><h2>Contents</h2>
<p><a href="#rest">REST routes</a></p><ul>${restIndex}</ul>
<p><a href="#tools">Tools</a></p><ul class="tools">${index}</ul>
</nav>
</header>
<main>
<section id="rest"><h2>REST routes</h2>
${rest}
</section>
<section id="tools"><h2>Tools</h2>
<p>Each tool is <code>POST /api/tools/{name}</code> with the tool's input as the JSON body.</p>
${tools}
</section>
</main>
</body></html>`;
}

const routes = {
  document: createRoute({
    method: "get",
    path: "/openapi.json",
    tags: ["System"],
    summary: "This description of the API (OpenAPI 3.1), generated from the route declarations.",
    security: [],
    responses: {
      200: jsonAnswer(
        z
          .looseObject({
            openapi: z.string(),
            info: z.looseObject({ title: z.string(), version: z.string() }),
            paths: z.record(z.string(), z.unknown()),
          })
          .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document (this one)." }),
        "The document.",
      ),
    },
  }),
  docs: createRoute({
    method: "get",
    path: "/docs",
    tags: ["System"],
    summary: "The same description as a readable page (no scripts, nothing fetched from elsewhere).",
    security: [],
    responses: { 200: { description: "An HTML page.", content: { "text/html": { schema: z.string() } } } },
  }),
};

/** /api/openapi.json and /api/docs, made from the declarations of `app` (the whole API). */
export function createOpenApiRoutes(deps: AppDeps, app: DeclaringApp) {
  const document = (c: Context) => buildOpenApiDocument(app, deps.version, new URL(c.req.url).origin);
  return createRoutes()
    .openapi(routes.document, (c) => c.json(document(c), 200))
    .openapi(routes.docs, (c) => c.html(renderDocsPage(document(c), new URL(c.req.url).origin), 200));
}
