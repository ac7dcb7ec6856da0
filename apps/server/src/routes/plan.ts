import { createRoute } from "@hono/zod-openapi";
import { getPlan } from "@smm/domain/plans/get-plan";
import type { AppDeps } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, jsonAnswer, resultOf } from "../lib/http";

const planRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Account"],
  summary: "The caller's plan and what is left of it.",
  responses: { 200: jsonAnswer(resultOf(getPlan, "UserPlan"), "The plan and its usage.") },
});

/** /api/plan: the caller's plan and what is left of it. */
export function createPlanRoutes(deps: AppDeps) {
  return createRoutes().openapi(planRoute, async (c) => c.json(await getPlan(userContext(c, deps)), 200));
}
