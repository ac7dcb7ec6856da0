import { createRoute, z } from "@hono/zod-openapi";
import { createRoutes, jsonAnswer } from "../lib/http";
import { requireUser } from "../middleware/session";

const callerView = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() }),
    authMethod: z.enum(["session", "api_key"]).nullable(),
  })
  .meta({ id: "Caller" });

const meRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "The signed-in caller and how they authenticated.",
  responses: { 200: jsonAnswer(callerView, "The caller.") },
});

/** The signed-in caller as the API sees them: proves the session and API-key doors alike. */
export function createMeRoutes() {
  return createRoutes().openapi(meRoute, (c) => {
    const user = requireUser(c);
    return c.json({ user, authMethod: c.get("authMethod") }, 200);
  });
}
