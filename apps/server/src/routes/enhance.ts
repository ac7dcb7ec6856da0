import { createRoute } from "@hono/zod-openapi";
import { enhanceContent, enhanceContentInput, enhancedContentView } from "@smm/domain/ai";
import type { AppDeps } from "../context";
import { BRAND_HEADER, userContext } from "../lib/domain-context";
import { brandHeader, createRoutes, errors, jsonAnswer, jsonBody, readJsonBody } from "../lib/http";

const enhanceRoute = createRoute({
  method: "post",
  path: "/",
  tags: ["Account"],
  summary: "Improve a field's text with AI (the Enhance buttons; works before the first brand exists).",
  parameters: [brandHeader],
  middleware: readJsonBody,
  request: { body: jsonBody(enhanceContentInput) },
  responses: {
    200: jsonAnswer(enhancedContentView, "The improved text."),
    ...errors("502"),
  },
});

/**
 * /api/enhance-content: the Enhance buttons. Written out rather than served from the enhanceContent use case:
 * it works before the first brand exists (the wizard), where the use case's tool needs the active brand.
 */
export function createEnhanceRoutes(deps: AppDeps) {
  return createRoutes().openapi(enhanceRoute, async (c) => {
    const ctx = { ...userContext(c, deps), brandId: c.req.header(BRAND_HEADER) };
    return c.json(await enhanceContent(ctx, c.req.valid("json")), 200);
  });
}
