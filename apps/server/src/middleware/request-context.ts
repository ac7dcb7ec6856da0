import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../context";
import type { Metrics } from "../lib/metrics";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * An incoming id is kept when a proxy or client set a sane one (so one id follows the request through
 * every hop); anything else - too long, or with characters that could forge a log line or a header - is
 * replaced.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Methods labelled as they are; any other is "other", so a client cannot add label values at will. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The matched route's pattern (`/api/posts/:id`): a label of bounded count, unlike the raw path. */
function routePatternOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const matched = matchedRoutes(c);
  // The last handler that ran is the route (or catch-all) that answered; a middleware-only match is none.
  const answered = matched[c.req.routeIndex] ?? matched.at(-1);
  const path = answered?.path;
  return path && path !== "/*" && path !== "*" ? path : "unmatched";
}

/**
 * First of all middleware: gives the request its id (X-Request-Id on every answer, `requestId` on the error
 * handler's log lines and in 5xx bodies), and times the answer
 * for the request histogram when the app has metrics.
 */
export function trackRequests(metrics: Metrics | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const startedAt = performance.now();
    // Passed on by hand (c.get("requestId")), not through an AsyncLocalStorage: one held for every request
    // keeps Node's promise hooks on for the whole process (lib/auth-context-scope.ts turns them off).
    await next();
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // A response with immutable headers (one passed through from fetch) is copied once.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    }
    // A stream (events, chat) is timed to its first byte: its length is the user's, not the server's.
    metrics?.observeRequest(
      {
        method: KNOWN_METHODS.has(c.req.method) ? c.req.method : "other",
        route: routePatternOf(c),
        status: c.res.status,
      },
      (performance.now() - startedAt) / 1000,
    );
  };
}
