import { getAgentSettings } from "@smm/domain/agent/get-agent-settings";
import { runSchedulingAgent, runSchedulingAgentInput } from "@smm/domain/agent/run-scheduling-agent";
import { updateAgentSettings, updateAgentSettingsInput } from "@smm/domain/agent/update-agent-settings";
import {
  analyzeCalendar,
  analyzeCalendarInput,
  readCalendarAnalysis,
  readCalendarAnalysisInput,
} from "@smm/domain/suggestions/analyze-calendar";
import { dismissSuggestion } from "@smm/domain/suggestions/dismiss-suggestion";
import { generateFromSuggestion } from "@smm/domain/suggestions/generate-from-suggestion";
import { listSuggestions } from "@smm/domain/suggestions/list-suggestions";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { brandContext, userContext } from "../lib/domain-context";
import {
  createRoutes,
  declareRoutes,
  errors,
  idParam,
  jsonAnswer,
  jsonBody,
  resultOf,
  withId,
} from "../lib/http";

const route = declareRoutes("Agent", { brand: true });
const params = idParam("The suggestion's id.");

const routes = {
  analysis: route(
    "post",
    "/analysis",
    "The brand's calendar analysis for the last 7 or 30 days (cached: fresh 1 hour for the page, 6 for the dashboard).",
    { body: jsonBody(analyzeCalendarInput) },
    { 200: jsonAnswer(resultOf(analyzeCalendar, "CalendarAnalysis"), "The analysis.") },
  ),
  cachedAnalysis: route(
    "post",
    "/analysis/cached",
    "The brand's calendar analysis of the range if it has been analysed before (refreshed when stale), else analysis: null; never computes a first one.",
    { body: jsonBody(readCalendarAnalysisInput) },
    {
      200: jsonAnswer(
        resultOf(readCalendarAnalysis, "CachedCalendarAnalysis"),
        "The analysis, or null when the range was never analysed.",
      ),
    },
  ),
  suggestions: route(
    "get",
    "/suggestions",
    "The brand's active post suggestions, soonest first, with the post generated from each.",
    {},
    { 200: jsonAnswer(resultOf(listSuggestions, "SuggestionList"), "The suggestions.") },
  ),
  generate: route(
    "post",
    "/suggestions/{id}/generate",
    "Generate a post from a suggestion (same plan check and quota as any generation).",
    { params },
    {
      201: jsonAnswer(
        resultOf(generateFromSuggestion, "SuggestionGeneration"),
        "The new post and the suggestion.",
      ),
      ...errors("409", "429"),
    },
  ),
  dismiss: route(
    "post",
    "/suggestions/{id}/dismiss",
    "Dismiss a suggestion; it no longer appears.",
    { params },
    { 200: jsonAnswer(resultOf(dismissSuggestion, "DismissedSuggestion"), "The dismissed suggestion.") },
  ),
  settings: route(
    "get",
    "/settings",
    "The caller's agent settings, with the spec's defaults.",
    {},
    { 200: jsonAnswer(resultOf(getAgentSettings, "AgentSettings"), "The agent settings.") },
  ),
  updateSettings: route(
    "patch",
    "/settings",
    "Save one agent setting ({ field, value }); turning the scheduling agent on needs Enterprise.",
    { body: jsonBody(updateAgentSettingsInput) },
    {
      200: jsonAnswer(resultOf(updateAgentSettings, "AgentSettings"), "The saved settings."),
      ...errors("403"),
    },
  ),
  run: route(
    "post",
    "/run",
    "Run the smart scheduling agent now for the brand (Enterprise): pending posts for the week's gap.",
    { body: jsonBody(runSchedulingAgentInput) },
    {
      200: jsonAnswer(resultOf(runSchedulingAgent, "SchedulingAgentRun"), "What the run did."),
      ...errors("403"),
    },
  ),
};

/** /api/agent: the AI agent page (calendar analysis, suggestions, agent settings, the scheduling agent). */
export function createAgentRoutes(deps: AppDeps) {
  const brand = (c: Context<AppEnv>) => brandContext(c, deps);
  return createRoutes()
    .openapi(routes.analysis, async (c) =>
      c.json(await analyzeCalendar(await brand(c), c.req.valid("json")), 200),
    )
    .openapi(routes.cachedAnalysis, async (c) =>
      c.json(await readCalendarAnalysis(await brand(c), c.req.valid("json")), 200),
    )
    .openapi(routes.suggestions, async (c) => c.json(await listSuggestions(await brand(c)), 200))
    .openapi(routes.generate, async (c) =>
      c.json(await generateFromSuggestion(await brand(c), withId(c, "suggestionId")), 201),
    )
    .openapi(routes.dismiss, async (c) =>
      c.json(await dismissSuggestion(await brand(c), withId(c, "suggestionId")), 200),
    )
    .openapi(routes.settings, async (c) => c.json(await getAgentSettings(userContext(c, deps)), 200))
    .openapi(routes.updateSettings, async (c) =>
      c.json(await updateAgentSettings(userContext(c, deps), c.req.valid("json")), 200),
    )
    .openapi(routes.run, async (c) =>
      c.json(await runSchedulingAgent(await brand(c), c.req.valid("json")), 200),
    );
}
