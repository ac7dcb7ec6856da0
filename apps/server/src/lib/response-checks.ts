import type { OpenAPIHono } from "@hono/zod-openapi";
import { errorBodySchema } from "@smm/domain/errors";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import type { AppEnv } from "../context";

/**
 * Checks every JSON answer the app sends against the schema its route declares (the OpenAPI document's own
 * zod schemas), and every error answer against the documented error shape. On in tests (createApp's
 * `checkResponses`): an answer that drifts from its contract becomes a 500 naming the drift, so the test
 * that made the call fails. Production does not pay for it.
 */

/** What the checks saw, per process: tests add them up (tests/support). */
export interface ResponseCheckStats {
  checked: number;
  /** `METHOD /path` of each declared route an answer was checked for. */
  routes: Set<string>;
  failures: string[];
}

const STATS_KEY = Symbol.for("smm.responseChecks");

/** One record per process, kept across the module registries a test runner may load this file into. */
export function responseCheckStats(): ResponseCheckStats {
  const holder = globalThis as { [STATS_KEY]?: ResponseCheckStats };
  holder[STATS_KEY] ??= { checked: 0, routes: new Set(), failures: [] };
  return holder[STATS_KEY];
}

type Declared = Map<string, Map<string, z.ZodType>>;

interface RouteDefinition {
  type: string;
  route?: {
    method: string;
    path: string;
    responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  };
}

function readDeclarations(app: Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">): Declared {
  const declared: Declared = new Map();
  for (const definition of app.openAPIRegistry.definitions as RouteDefinition[]) {
    if (definition.type !== "route" || !definition.route) continue;
    const { method, path, responses } = definition.route;
    const byStatus = new Map<string, z.ZodType>();
    for (const [status, response] of Object.entries(responses)) {
      const schema = response.content?.["application/json"]?.schema;
      if (schema && typeof (schema as z.ZodType).safeParse === "function")
        byStatus.set(status, schema as z.ZodType);
    }
    declared.set(`${method.toUpperCase()} ${path}`, byStatus);
  }
  return declared;
}

/** Hono's `/api/posts/:id/approve` as the document writes it: `/api/posts/{id}/approve`. */
const toDocumentPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");

export function checkResponses(app: Pick<OpenAPIHono<AppEnv>, "openAPIRegistry">): MiddlewareHandler<AppEnv> {
  let declared: Declared | undefined;
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!response.headers.get("content-type")?.includes("application/json")) return;
    // better-auth answers its own routes in its own shapes.
    if (c.req.path.startsWith("/api/auth/")) return;
    declared ??= readDeclarations(app);
    const fail = (problem: string) => {
      responseCheckStats().failures.push(problem);
      console.error(`[response check] ${problem}`);
      c.res = new Response(
        JSON.stringify({
          error: { code: "internal", reason: "internal", message: `Response check: ${problem}` },
        }),
        { status: 500, headers: { "content-type": "application/json" } },
      );
    };

    const method = c.req.method.toUpperCase();
    const matched = matchedRoutes(c)[c.req.routeIndex]?.path;
    // The tool API is one route (/api/tools/:name) documented as one path per tool.
    const candidates = [matched && `${method} ${toDocumentPath(matched)}`, `${method} ${c.req.path}`];
    const key = candidates.find((candidate) => candidate && declared?.has(candidate));
    const status = String(response.status);

    let schema: z.ZodType | undefined;
    // A probe's 503 (health) declares its own shape; every other error answer is the documented one.
    const ownErrorShape = response.status >= 400 && key ? declared.get(key)?.get(status) : undefined;
    if (ownErrorShape) schema = ownErrorShape;
    else if (response.status >= 400) schema = errorBodySchema;
    else if (key) {
      schema = declared.get(key)?.get(status);
      if (!schema) return fail(`${key} answered ${status}, which its declaration does not document`);
    } else return;

    const body: unknown = await response.clone().json();
    const checked = schema.safeParse(body);
    const stats = responseCheckStats();
    stats.checked += 1;
    if (key) stats.routes.add(key);
    if (!checked.success)
      return fail(
        `${key ?? `${method} ${c.req.path}`} ${status} does not match its schema: ${describeIssues(checked.error)}`,
      );
  };
}
