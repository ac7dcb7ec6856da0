import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";

export function createHealthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    try {
      await deps.database.sql`select 1`;
    } catch (error) {
      deps.logger.error("health check failed", { error });
      return c.json({ status: "error", db: deps.database.kind, version: deps.version }, 503);
    }
    return c.json({ status: "ok", db: deps.database.kind, version: deps.version });
  });
}
