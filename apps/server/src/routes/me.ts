import { createRoute } from "@hono/zod-openapi";
import type { AppEnv, SessionUser } from "../context";
import { createRoutes, jsonAnswer, view } from "../lib/http";
import { requireUser } from "../middleware/session";

type Caller = { user: SessionUser; authMethod: AppEnv["Variables"]["authMethod"] };

const meRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "The signed-in caller and how they authenticated.",
  responses: { 200: jsonAnswer(view<Caller>("Caller"), "The caller.") },
});

/** The signed-in caller as the API sees them: proves the session and API-key doors alike. */
export function createMeRoutes() {
  return createRoutes().openapi(meRoute, (c) => {
    const user = requireUser(c);
    return c.json({ user, authMethod: c.get("authMethod") }, 200);
  });
}
