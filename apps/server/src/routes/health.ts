import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../context";
import { createRoutes, jsonAnswer } from "../lib/http";

const healthView = (status: "ok" | "error") =>
  z.object({ status: z.literal(status), db: z.enum(["pglite", "postgres"]), version: z.string() });

const healthRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "Whether the server and its database answer.",
  security: [],
  responses: {
    200: jsonAnswer(healthView("ok"), "The server and its database answer."),
    503: jsonAnswer(healthView("error"), "The database does not answer."),
  },
});

export function createHealthRoutes(deps: AppDeps) {
  return createRoutes().openapi(healthRoute, async (c) => {
    try {
      await deps.database.sql`select 1`;
    } catch (error) {
      deps.logger.error("health check failed", { error });
      return c.json({ status: "error" as const, db: deps.database.kind, version: deps.version }, 503);
    }
    return c.json({ status: "ok" as const, db: deps.database.kind, version: deps.version }, 200);
  });
}
