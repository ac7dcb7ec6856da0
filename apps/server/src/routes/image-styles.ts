import { createRoute } from "@hono/zod-openapi";
import { listImageStyles } from "@smm/domain/generation/list-image-styles";
import type { AppDeps } from "../context";
import { userContext } from "../lib/domain-context";
import { createRoutes, jsonAnswer, resultOf } from "../lib/http";

const stylesRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Account"],
  summary: "The image style catalogue with what the caller's plan allows.",
  responses: { 200: jsonAnswer(resultOf(listImageStyles, "ImageStyles"), "The image styles.") },
});

/** /api/image-styles: the style picker's catalogue with what the caller's plan allows. */
export function createImageStyleRoutes(deps: AppDeps) {
  return createRoutes().openapi(stylesRoute, async (c) =>
    c.json(await listImageStyles(userContext(c, deps)), 200),
  );
}
