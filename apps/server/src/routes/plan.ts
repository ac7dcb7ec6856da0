import { acknowledgePlanWelcomeUseCase, getPlanUseCase } from "@smm/domain/plans";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Account");

const routes = {
  plan: route(getPlanUseCase, "get", "/", { summary: "The caller's plan and what is left of it." }),
  welcome: route(acknowledgePlanWelcomeUseCase, "post", "/welcome", {
    summary: "The upgrade welcome of the current paid plan was seen; it does not open again for that plan.",
  }),
};

/** /api/plan: the caller's plan and what is left of it, and the upgrade welcome seen. */
export function createPlanRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.plan, serveUseCase(deps, routes.plan))
    .openapi(routes.welcome, serveUseCase(deps, routes.welcome));
}
