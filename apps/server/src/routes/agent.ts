import {
  getAgentSettingsUseCase,
  runSchedulingAgentUseCase,
  updateAgentSettingsUseCase,
} from "@smm/domain/agent";
import {
  analyzeCalendarUseCase,
  cachedCalendarAnalysisView,
  dismissSuggestionUseCase,
  generateFromSuggestionUseCase,
  listSuggestionsUseCase,
  readCalendarAnalysis,
  readCalendarAnalysisInput,
} from "@smm/domain/suggestions";
import type { AppDeps } from "../context";
import { brandContext } from "../lib/domain-context";
import { createRoutes, declareRoutes, jsonAnswer, jsonBody } from "../lib/http";
import { serveUseCase, useCaseRoutes } from "../lib/use-case-routes";

const route = useCaseRoutes("Agent");
const id = "suggestionId" as const;

const routes = {
  analysis: route(analyzeCalendarUseCase, "post", "/analysis", {
    summary:
      "The brand's calendar analysis for the last 7 or 30 days (cached: fresh 1 hour for the page, 6 for the dashboard).",
  }),
  // Written out: the page's first read is not a tool (it never computes a first analysis).
  cachedAnalysis: declareRoutes("Agent", { brand: true })(
    "post",
    "/analysis/cached",
    "The brand's calendar analysis of the range if it has been analysed before (refreshed when stale), else analysis: null; never computes a first one.",
    { body: jsonBody(readCalendarAnalysisInput) },
    {
      200: jsonAnswer(cachedCalendarAnalysisView, "The analysis, or null when the range was never analysed."),
    },
  ),
  suggestions: route(listSuggestionsUseCase, "get", "/suggestions", {
    summary: "The brand's active post suggestions, soonest first, with the post generated from each.",
  }),
  generate: route(generateFromSuggestionUseCase, "post", "/suggestions/{id}/generate", {
    id,
    status: 201,
    summary: "Generate a post from a suggestion (same plan check and quota as any generation).",
    errors: ["409", "429"],
  }),
  dismiss: route(dismissSuggestionUseCase, "post", "/suggestions/{id}/dismiss", {
    id,
    summary: "Dismiss a suggestion; it no longer appears.",
  }),
  settings: route(getAgentSettingsUseCase, "get", "/settings", {
    summary: "The caller's agent settings, with the spec's defaults.",
  }),
  updateSettings: route(updateAgentSettingsUseCase, "patch", "/settings", {
    summary: "Save one agent setting ({ field, value }); turning the scheduling agent on needs Enterprise.",
    errors: ["403"],
  }),
  run: route(runSchedulingAgentUseCase, "post", "/run", {
    summary:
      "Run the smart scheduling agent now for the brand (Enterprise): pending posts for the week's gap.",
    errors: ["403"],
  }),
};

/** /api/agent: the AI agent page (calendar analysis, suggestions, agent settings, the scheduling agent). */
export function createAgentRoutes(deps: AppDeps) {
  return createRoutes()
    .openapi(routes.analysis, serveUseCase(deps, routes.analysis))
    .openapi(routes.cachedAnalysis, async (c) =>
      c.json(await readCalendarAnalysis(await brandContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.suggestions, serveUseCase(deps, routes.suggestions))
    .openapi(routes.generate, serveUseCase(deps, routes.generate))
    .openapi(routes.dismiss, serveUseCase(deps, routes.dismiss))
    .openapi(routes.settings, serveUseCase(deps, routes.settings))
    .openapi(routes.updateSettings, serveUseCase(deps, routes.updateSettings))
    .openapi(routes.run, serveUseCase(deps, routes.run));
}
