import { createRoute, type RouteConfig, type RouteHandler, z } from "@hono/zod-openapi";
import { runUseCase } from "@smm/domain/run-use-case";
import type { AnyUseCase } from "@smm/domain/use-case";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, userContext } from "./domain-context";
import { brandHeader, type ErrorStatus, errors, readJsonBody } from "./http";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Shape<U extends AnyUseCase> = U["input"] extends z.ZodObject<infer S> ? S : never;
/** The input's field the path's `{id}` fills (postId for /posts/{id}/approve). */
type PathKey<U extends AnyUseCase> = keyof Shape<U> & string;
/** The input without the path's field: the query of a GET, else the JSON body. */
type Rest<U extends AnyUseCase, K> = [K] extends [string]
  ? z.ZodObject<Omit<Shape<U>, K & string>>
  : U["input"];
/** True when nothing is left for a query or a body. */
type NothingLeft<U extends AnyUseCase, K> =
  U["input"] extends z.ZodObject<infer S>
    ? [keyof Omit<S, K & string>] extends [never]
      ? true
      : false
    : false;

type IdParams = z.ZodObject<{ id: z.ZodString }>;
type JsonBody<S extends z.ZodType> = {
  required: true;
  content: { "application/json": { schema: S } };
};

/** The request a use case's route declares: the path's id, then the rest of the input as query or body. */
type RequestOf<U extends AnyUseCase, M extends Method, K> = ([K] extends [string]
  ? { params: IdParams }
  : Record<never, never>) &
  (NothingLeft<U, K> extends true
    ? Record<never, never>
    : M extends "get"
      ? { query: Rest<U, K> }
      : { body: JsonBody<Rest<U, K>> });

type ResponsesOf<U extends AnyUseCase, S extends 200 | 201> = {
  [Status in S]: { description: string; content: { "application/json": { schema: U["output"] } } };
};

/** What useCaseRoutes makes: createRoute's result, typed from the declaration for the web's client. */
export type UseCaseRoute<
  U extends AnyUseCase,
  M extends Method,
  P extends string,
  K,
  S extends 200 | 201,
> = Omit<RouteConfig, "method" | "path" | "request" | "responses"> & {
  method: M;
  path: P;
  request: RequestOf<U, M, K>;
  responses: ResponsesOf<U, S>;
  getRoutingPath(): string;
};

export interface UseCaseRouteOptions<K, S extends 200 | 201> {
  /** The input field the path's `{id}` is. */
  id?: K;
  /** 201 for a route that creates; 200 otherwise. */
  status?: S;
  /** The screen's words for the route; the declaration's description when absent. */
  summary?: string;
  /** Error answers beyond the implied ones (openapi.ts adds 400, 401, 403, 404 and 413 as they apply). */
  errors?: ErrorStatus[];
}

interface Served {
  useCase: AnyUseCase;
  id: string | undefined;
  status: 200 | 201;
  source: "query" | "json" | null;
}

const served = new WeakMap<object, Served>();

const idParams: IdParams = z.object({ id: z.string().openapi({ description: "The object's id." }) });

/**
 * The REST door of a declared use case, for the screens: the route's request is the use case's own input
 * schema (the path's `{id}` is one of its fields, the rest is the query of a GET or the JSON body), its
 * answer the use case's output schema, and its handler (serveUseCase) runs the use case as every door does.
 * The declaration carries `x-use-case` into the OpenAPI document, which the parity check reads.
 */
export const useCaseRoutes =
  (tag: string) =>
  <
    U extends AnyUseCase,
    M extends Method,
    P extends string,
    K extends PathKey<U> | undefined = undefined,
    S extends 200 | 201 = 200,
  >(
    useCase: U,
    method: M,
    path: P,
    options: UseCaseRouteOptions<K, S> = {},
  ): UseCaseRoute<U, M, P, K, S> => {
    const id = options.id as string | undefined;
    const status = (options.status ?? 200) as S;
    // The rest of the fields as a plain object: zod refuses omit() on an object with refinements, and the use
    // case checks its whole input (refinements included) itself.
    const input = id
      ? z.object(
          Object.fromEntries(
            Object.entries((useCase.input as z.ZodObject).shape).filter(([key]) => key !== id),
          ),
        )
      : useCase.input;
    const hasRest = !(input instanceof z.ZodObject) || Object.keys(input.shape).length > 0;
    const source = !hasRest ? null : method === "get" ? "query" : "json";
    const request = {
      ...(id ? { params: idParams } : {}),
      ...(source === "query" ? { query: input } : {}),
      ...(source === "json"
        ? { body: { required: true, content: { "application/json": { schema: input } } } }
        : {}),
    };
    const route = createRoute<P, RouteConfig & { path: P }>({
      method,
      path,
      tags: [tag],
      summary: options.summary ?? useCase.description,
      "x-use-case": useCase.name,
      request: request as RouteConfig["request"],
      responses: {
        [status]: {
          description: "The use case's answer.",
          content: { "application/json": { schema: useCase.output } },
        },
        ...errors(...(options.errors ?? [])),
      },
      ...(useCase.scope === "brand" ? { parameters: [brandHeader] } : {}),
      ...(source === "json" ? { middleware: readJsonBody } : {}),
    });
    served.set(route, { useCase, id, status, source });
    return route as unknown as UseCaseRoute<U, M, P, K, S>;
  };

/** The handler of a route made by useCaseRoutes: the caller's context, the input, the use case. */
export function serveUseCase<R extends RouteConfig>(deps: AppDeps, route: R): RouteHandler<R, AppEnv> {
  const declared = served.get(route);
  if (!declared) throw new Error(`${route.method} ${route.path} was not made by useCaseRoutes`);
  const { useCase, id, status, source } = declared;
  const handler = async (c: Context<AppEnv>) => {
    const valid = c.req.valid.bind(c.req) as (target: string) => Record<string, unknown>;
    const input = {
      ...(source ? valid(source) : {}),
      ...(id ? { [id]: valid("param").id } : {}),
    };
    const ctx = useCase.scope === "brand" ? await brandContext(c, deps) : userContext(c, deps);
    return c.json(await runUseCase(useCase, ctx as never, input), status);
  };
  return handler as unknown as RouteHandler<R, AppEnv>;
}
