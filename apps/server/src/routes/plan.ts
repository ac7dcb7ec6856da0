import { createRoute } from "@hono/zod-openapi";
import { acknowledgePlanWelcome } from "@smm/domain/plans/acknowledge-plan-welcome";
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

const welcomeRoute = createRoute({
  method: "post",
  path: "/welcome",
  tags: ["Account"],
  summary: "The upgrade welcome of the current paid plan was seen; it does not open again for that plan.",
  responses: {
    200: jsonAnswer(resultOf(acknowledgePlanWelcome, "PlanWelcomeSeen"), "Remembered for the plan."),
  },
});

/** /api/plan: the caller's plan and what is left of it, and the upgrade welcome seen. */
export function createPlanRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(planRoute, async (c) => c.json(await getPlan(userContext(c, deps)), 200))
    .openapi(welcomeRoute, async (c) => c.json(await acknowledgePlanWelcome(userContext(c, deps)), 200));
}
