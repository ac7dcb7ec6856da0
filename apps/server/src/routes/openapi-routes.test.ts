import { createTestContext, type TestContext } from "@smm/test-support/app";
import { toolNames } from "@smm/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Parity between the routes Hono registered and /api/openapi.json: the document is generated from the
 * createRoute declarations, so a new /api route added without one (a plain `.get()`) fails here.
 */

let ctx: TestContext;
let doc: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await (await ctx.app.request("/api/openapi.json")).json()) as OpenApiDocument;
});
afterAll(async () => {
  await ctx?.close();
});

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, unknown> }>;
};
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content: { "application/json": { schema: { $ref: string } } } }>;
  };
}

const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];
/** better-auth answers these; the app only forwards them. */
const isBetterAuth = (path: string) => path.startsWith("/api/auth/");

/** `:id` (and `:id{regex}`, `:id?`) as OpenAPI's `{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");

/** "METHOD /path" of every /api route the app registered, without middleware and catch-alls. */
function registeredRoutes(routes: readonly { method: string; path: string }[]): Set<string> {
  return new Set(
    routes
      .filter(({ method, path }) => method !== "ALL" && path.startsWith("/api/") && !path.includes("*"))
      .filter(({ path }) => !isBetterAuth(path))
      .map(({ method, path }) => `${method.toUpperCase()} ${toOpenApiPath(path)}`),
  );
}

/** "METHOD /path" of every documented operation; the per-tool paths are the one route `/api/tools/{name}`. */
function documentedRoutes(document: OpenApiDocument): Set<string> {
  const toolPaths = new Set(toolNames.map((name) => `/api/tools/${name}`));
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (isBetterAuth(path)) continue;
    for (const method of Object.keys(item).filter((key) => HTTP_METHODS.includes(key))) {
      documented.add(`${method.toUpperCase()} ${toolPaths.has(path) ? "/api/tools/{name}" : path}`);
    }
  }
  return documented;
}

const missing = (from: Set<string>, to: Set<string>) => [...from].filter((route) => !to.has(route)).sort();

describe("the OpenAPI document and the registered routes", () => {
  it("documents every /api route the app registers", () => {
    expect(missing(registeredRoutes(ctx.app.routes), documentedRoutes(doc))).toEqual([]);
  });

  it("documents no route that does not exist", () => {
    expect(missing(documentedRoutes(doc), registeredRoutes(ctx.app.routes))).toEqual([]);
  });

  it("would catch a new route without documentation", () => {
    const routes = [...ctx.app.routes, { method: "GET", path: "/api/posts/:id/history" }];
    expect(missing(registeredRoutes(routes), documentedRoutes(doc))).toEqual(["GET /api/posts/{id}/history"]);
  });

  it("points /api/auth/* at better-auth, with the API key endpoint of API.md", () => {
    expect(ctx.app.routes.some((r) => r.method === "POST" && r.path === "/api/auth/*")).toBe(true);
    expect(doc.paths["/api/auth/{path}"]?.post?.description).toContain("better-auth");
    const create = doc.paths["/api/auth/api-key/create"]?.post;
    expect(create?.requestBody?.content["application/json"]?.schema).toMatchObject({
      required: ["name"],
      properties: { name: { type: "string" } },
    });
  });
});

describe("the REST operations", () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ method, path, operation })),
    );

  it("each have a unique operationId, a tag and a summary", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations()) {
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      if (!path.startsWith("/api/tools/")) expect(operation.summary, `${method} ${path}`).toBeTruthy();
    }
  });

  it("declare every path parameter of the path", () => {
    for (const { method, path, operation } of operations()) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared.sort(), `${method} ${path}`).toEqual(names.sort());
    }
  });

  it("answer errors in API.md's shape through the shared Error schema", () => {
    expect(doc.components.schemas.Error).toBeDefined();
    for (const response of Object.values(doc.components.responses)) {
      expect(response.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    }
    for (const { path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^4|^5/.test(status) || status === "503") continue;
        const ref = response.$ref ?? JSON.stringify(response.content);
        expect(ref, `${path} ${status}`).toMatch(/#\/components\/(responses|schemas)\//);
      }
    }
  });

  it("use the routes' own zod schemas for bodies and queries", () => {
    const deny = doc.paths["/api/posts/{id}/deny"]?.post;
    const denySchema = deny?.requestBody?.content["application/json"]?.schema;
    expect(denySchema).toMatchObject({ properties: { feedback: { type: "string" } } });
    expect(denySchema?.properties).not.toHaveProperty("postId");
    expect(deny?.responses["409"]).toEqual({ $ref: "#/components/responses/Conflict" });

    const calendar = doc.paths["/api/posts/calendar"]?.get;
    expect(calendar?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "from", in: "query", required: true }),
        expect.objectContaining({ name: "to", in: "query", required: true }),
      ]),
    );
    expect(doc.paths["/api/posts"]?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["state", "platform", "search", "sort", "cursor", "limit", "X-Brand-Id"]),
    );
    expect(
      doc.paths["/api/media/chat"]?.post?.requestBody?.content["multipart/form-data"]?.schema,
    ).toMatchObject({ properties: { file: { type: "string", format: "binary" } } });
  });

  it("mark the open routes and leave the rest to the document's session-or-key security", () => {
    for (const path of ["/api/public-config", "/api/openapi.json", "/api/docs", "/api/media/{id}/file"]) {
      expect(doc.paths[path]?.get?.security, path).toEqual([]);
    }
    expect(doc.paths["/api/data-deletion-requests"]?.post?.security).toEqual([]);
    expect(doc.paths["/api/posts/{id}"]?.get?.security).toBeUndefined();
    expect(doc.paths["/api/posts/{id}"]?.get?.responses["401"]).toEqual({
      $ref: "#/components/responses/Unauthenticated",
    });
  });
});

it("shows the REST routes on the docs page", async () => {
  const html = await (await ctx.app.request("/api/docs")).text();
  for (const route of registeredRoutes(ctx.app.routes)) {
    if (route.startsWith("POST /api/tools/")) continue;
    const [method, path] = route.split(" ");
    expect(html, route).toContain(`<code>${method} ${path}</code>`);
  }
  expect(html).toContain('id="rest"');
  expect(html).not.toMatch(/<script/i);
});
