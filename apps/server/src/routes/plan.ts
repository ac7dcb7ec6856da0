import { getPlan } from "@smm/domain/plans/get-plan";
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { userContext } from "../lib/domain-context";

/** /api/plan: the caller's plan and what is left of it. */
export function createPlanRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(await getPlan(userContext(c, deps))));
}
