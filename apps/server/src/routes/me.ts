import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireUser } from "../middleware/session";

/** The signed-in caller as the API sees them: proves the session and API-key doors alike. */
export function createMeRoutes() {
  return new Hono<AppEnv>().get("/", (c) => {
    const user = requireUser(c);
    return c.json({ user, authMethod: c.get("authMethod") });
  });
}
