import { createRoute, OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import { AppError } from "@smm/domain/errors";
import type { Context, Input, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";

/**
 * A sub-app whose routes are declared with createRoute: the declaration is the route, its validation, its
 * client type and its OpenAPI entry. Invalid input is answered by our AppError, never the validator's shape.
 */
export function createRoutes() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw AppError.fromZod(result.error);
    },
  });
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Route middleware for JSON bodies, run before the declaration's validator: an empty body is `{}` and any
 * body is read as JSON whatever its Content-Type (as the API has always done), and malformed JSON gets our
 * message instead of the validator's.
 */
export const readJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "Malformed JSON body");
  }
  // The validator reads c.req.json() (parsed from the cached text) only when the request says it is JSON.
  const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
  cache.text = Promise.resolve(JSON.stringify(body));
  cache.json = Promise.resolve(body);
  const type = c.req.header("content-type")?.split(";")[0]?.trim() ?? "";
  if (!JSON_TYPE.test(type)) {
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, signal: c.req.raw.signal });
  }
  await next();
};

/** A required JSON body validated by the use case's own schema. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true as const,
  content: { "application/json": { schema } },
});

/** A JSON answer of a view schema. */
export const jsonAnswer = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A path's `{id}`. */
export const idParam = (description: string) => z.object({ id: z.string().openapi({ description }) });

/** Error answers of API.md, by status: `[component name, code, description]`. */
export const errorAnswers = {
  "400": [
    "InvalidInput",
    "invalid_input",
    "The body or query does not match its schema; `issues` says where.",
  ],
  "401": ["Unauthenticated", "unauthenticated", "No session cookie and no valid API key."],
  "403": [
    "Forbidden",
    "forbidden",
    "The plan lacks the feature (API keys need Enterprise; premium image styles need a paid plan).",
  ],
  "404": [
    "NotFound",
    "not_found",
    "No such object, or one that is not the caller's (another user's ids and brands are 404 too).",
  ],
  "409": ["Conflict", "conflict", "The object's current state does not allow the action."],
  "413": ["PayloadTooLarge", "payload_too_large", "The body is over the route's size limit; it is not read."],
  "429": [
    "QuotaExceeded",
    "quota_exceeded",
    "The plan's quota is used up; the message is the product's text.",
  ],
  "502": ["UpstreamFailed", "upstream_failed", "The AI provider, the social network or billing failed."],
} as const;
export type ErrorStatus = keyof typeof errorAnswers;

/** Error answers a route declares beyond the ones its declaration implies (see openapi.ts). */
export const errors = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, { $ref: `#/components/responses/${errorAnswers[status][0]}` }]),
  ) as { [K in S]: { $ref: string } };

/** The brand a route acts on: the active one, or the one named by this header. */
export const brandHeader = {
  name: "X-Brand-Id",
  in: "header" as const,
  required: false,
  description: "Act on another brand of the same user instead of the active one.",
  schema: { type: "string" as const, format: "uuid" },
};

/** Reads a JSON body and validates it with the use case's own schema (routes not declared with createRoute). */
export async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "Malformed JSON body");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  return parsed.data;
}

type Method = "get" | "post" | "put" | "patch" | "delete";
type RouteRequest = NonNullable<RouteConfig["request"]>;

/**
 * A sub-app's route declarer: its tag (and, for brand routes, the X-Brand-Id header) said once; a
 * declaration with a JSON body reads it with readJsonBody (other bodies bring their own middleware). The result is createRoute's, so the handler and
 * the client are typed by it.
 */
export const declareRoutes =
  (tag: string, options: { brand?: boolean } = {}) =>
  <M extends Method, P extends string, Q extends RouteRequest, S extends RouteConfig["responses"]>(
    method: M,
    path: P,
    summary: string,
    request: Q,
    responses: S,
  ) =>
    createRoute({
      method,
      path,
      summary,
      tags: [tag],
      request,
      responses,
      ...(options.brand ? { parameters: [brandHeader] } : {}),
      ...(request.body?.content["application/json"] ? { middleware: readJsonBody } : {}),
    });

type BodyOf<I extends Input> = I["out"] extends { json: infer B } ? B : unknown;

/** The input of a use case on `/{id}`: the route's JSON body, if any, with the path's id under `key`. */
export const withId = <K extends string, I extends Input & { out: { param: { id: string } } }>(
  c: Context<AppEnv, string, I>,
  key: K,
) => {
  const valid = c.req.valid.bind(c.req) as (target: string) => { id: string } | undefined;
  return { ...valid("json"), [key]: valid("param")?.id } as BodyOf<I> & Record<K, string>;
};
