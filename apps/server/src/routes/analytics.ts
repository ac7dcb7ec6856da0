import { getAnalyticsUseCase } from "@smm/domain/analytics";
import type { AppDeps } from "../context";
import { createRoutes } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Analytics");

const routes = {
  analytics: route(getAnalyticsUseCase, "post", "/", {
    summary:
      "The brand's page and post insights for 7, 30 or 90 days and a platform (cached for an hour; refresh reads again).",
    errors: ["502"],
  }),
};

/** /api/analytics: the analytics dashboard. */
export function createAnalyticsRoutes(deps: AppDeps) {
  return createRoutes().openapi(routes.analytics, serveUseCase(deps, routes.analytics));
}
