import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@smm/domain/errors";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";

export const METRICS_DISABLED =
  "Metrics are off: set METRICS_TOKEN and scrape with Authorization: Bearer <token>.";

/** Equal-length digests, so neither the token's characters nor its length show in the timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics: Prometheus' text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer`).
 * Without a token configured it answers nobody: behind a proxy on the same host every request comes from
 * loopback, so the socket's address proves nothing. Not part of the typed API (outside /api, not JSON).
 */
export function createMetricsRoutes(deps: Pick<AppDeps, "metrics" | "metricsToken">) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const { metrics, metricsToken } = deps;
    if (!metrics || !metricsToken) throw new AppError("forbidden", METRICS_DISABLED);
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]?.trim() ?? "";
    if (!sameToken(given, metricsToken)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError("unauthenticated", "The metrics token is missing or wrong.");
    }
    const text = await metrics.scrape();
    return c.body(text, 200, { "content-type": metrics.contentType, "cache-control": "no-store" });
  });
}
