import { getAnalytics, getAnalyticsInput } from "@smm/domain/analytics/get-analytics";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, errors, jsonAnswer, jsonBody, resultOf } from "../lib/http";

const route = declareRoutes("Analytics", { brand: true });

const routes = {
  analytics: route(
    "post",
    "/",
    "The brand's page and post insights for 7, 30 or 90 days and a platform (cached for an hour; refresh reads again).",
    { body: jsonBody(getAnalyticsInput) },
    {
      200: jsonAnswer(resultOf(getAnalytics, "Analytics"), "The dashboard's numbers."),
      ...errors("502"),
    },
  ),
};

/** /api/analytics: the analytics dashboard. */
export function createAnalyticsRoutes(deps: AppDeps) {
  return createRoutes().openapi(routes.analytics, async (c) =>
    c.json(await getAnalytics(await brandContext(c, deps), c.req.valid("json")), 200),
  );
}
